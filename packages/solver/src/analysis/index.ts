export { type Assessment, assessmentOf, type WeighedGame } from './assessment.ts';
export {
  CLAIRVOYANCE_OPTIONS,
  type Clairvoyance,
  type ClairvoyanceOptions,
  clairvoyance,
  type Decision,
  type DecisivePosition,
  type Models,
  mixtureScore,
  positionEvalues,
  SOLVER_WEIGHT,
} from './clairvoyance.ts';
export { hasHiddenCards, sampleCompletion } from './completions.ts';
export {
  EVIDENCE_VERSION,
  type EvidenceOptions,
  type GameEvidence,
  gameEvidence,
  HOLD_SCORE,
  isHeld,
} from './evidence.ts';
export { moveKey } from './moves.ts';
export { type PlayedAction, type PlayedGame, replayPlayed } from './played.ts';
export { READ_MS, type Timing, timingOf } from './timing.ts';
export {
  ANALYSIS_LIMITS,
  analyseLine,
  type LineAnalysis,
  type PositionVerdict,
  positionsAlong,
  type TurningPoint,
} from './verdicts.ts';
