/// <reference lib="webworker" />
// Subpath imports only: the package index also exports the Node worker-thread pool.
import { HINT_LIMITS, hint } from '@scorpion/solver/hint';
import type { SolverAnswers, SolverReply, SolverRequest } from './solverMessages.ts';
import { findWinnableDeal } from './winnable.ts';

/** A phone can spare this much for the transposition table, not the solver's 160 MB default. */
const TABLE_MB = 24;

function answer(request: SolverRequest): SolverAnswers[keyof SolverAnswers] {
  if (request.task === 'hint')
    return hint(request.state, { ...HINT_LIMITS, ...request.limits, tableMegabytes: TABLE_MB });
  return findWinnableDeal(request.variant, request.options, { tableMegabytes: TABLE_MB });
}

self.onmessage = (e: MessageEvent<SolverRequest>) => {
  const { id } = e.data;
  let reply: SolverReply;
  try {
    reply = { id, answer: answer(e.data) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(reply);
};
