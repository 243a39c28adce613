/// <reference lib="webworker" />
import type { GameState } from '@scorpion/rules';
// The solver's hint module is browser-safe (no Node imports); the package index is not, as it
// also exports a worker-thread pool. See the report: a "./hint" export would make this cleaner.
import { HINT_LIMITS, hint } from '../../../../packages/solver/src/hint.ts';
import type { Limits } from '../../../../packages/solver/src/types.ts';

/** A phone can spare this much for the transposition table, not the solver's 160 MB default. */
const TABLE_MB = 24;

self.onmessage = (e: MessageEvent<{ state: GameState; limits: Limits }>) => {
  self.postMessage(hint(e.data.state, { ...HINT_LIMITS, ...e.data.limits, tableMegabytes: TABLE_MB }));
};
