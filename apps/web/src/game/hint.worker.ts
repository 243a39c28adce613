/// <reference lib="webworker" />
import type { GameState } from '@scorpion/rules';
// Subpath imports only: the package index also exports the Node worker-thread pool.
import { HINT_LIMITS, hint } from '@scorpion/solver/hint';
import type { Limits } from '@scorpion/solver/types';

/** A phone can spare this much for the transposition table, not the solver's 160 MB default. */
const TABLE_MB = 24;

self.onmessage = (e: MessageEvent<{ state: GameState; limits: Limits }>) => {
  self.postMessage(hint(e.data.state, { ...HINT_LIMITS, ...e.data.limits, tableMegabytes: TABLE_MB }));
};
