export * from './analysis/index.ts';
export { CERTIFY_LIMITS, type Certificate, type CertifiedDeal, certifyDeal, findCertifiedDeal } from './certify.ts';
export { type Difficulty, difficultyOf } from './difficulty.ts';
export { HINT_LIMITS, type Hint, hint } from './hint.ts';
export {
  createSolverPool,
  type PoolHealth,
  type PoolTimers,
  type SolverPool,
  type SolverPoolOptions,
  SolverUnavailableError,
  type WorkerDeath,
} from './pool.ts';
export { referenceSolve } from './reference.ts';
export { shortenLine } from './shorten.ts';
export { solve } from './solve.ts';
export type { DealVerdict } from './tasks.ts';
export { DEFAULT_LIMITS, type Effort, type Limits, type SolveResult, type Verdict } from './types.ts';
