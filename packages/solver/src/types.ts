import type { Move } from '@scorpion/rules';

/** What the search may spend. Every field is optional; `DEFAULT_LIMITS` fills the gaps. */
export interface Limits {
  /** Positions played before giving up with `node-limit`. */
  readonly nodes?: number;
  /** Wall-clock milliseconds before giving up with `time-limit`. */
  readonly ms?: number;
  /** Size of the transposition table, the search's only memory that grows with effort. */
  readonly tableMegabytes?: number;
}

export const DEFAULT_LIMITS: Required<Limits> = { nodes: 50_000_000, ms: 10_000, tableMegabytes: 160 };

/** Search effort, reported with every verdict. */
export interface Effort {
  readonly nodes: number;
  readonly ms: number;
}

export type Verdict =
  | { readonly result: 'win'; readonly line: readonly Move[] }
  | { readonly result: 'loss' }
  | { readonly result: 'unknown'; readonly reason: 'node-limit' | 'time-limit' };

export type SolveResult = Verdict & Effort;
