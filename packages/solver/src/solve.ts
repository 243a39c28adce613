import { type GameState, UNKNOWN } from '@scorpion/rules';
import { search } from './search.ts';
import { TranspositionTable } from './table.ts';
import { DEFAULT_LIMITS, type Limits, type SolveResult } from './types.ts';

/** One table per thread, kept between searches: allocating it costs more than most searches. */
let shared: TranspositionTable | undefined;

function tableOf(megabytes: number): TranspositionTable {
  if (shared?.megabytes !== megabytes) {
    shared = undefined;
    shared = new TranspositionTable(megabytes);
  }
  return shared;
}

/**
 * Decides `state`: a winning line of rules moves, a proven loss, or `unknown` when a limit was
 * hit first. `state` must be a full state (the solver sees face-down cards): a player view is
 * refused with an exception, as it is a programming error.
 */
export function solve(state: GameState, limits: Limits = {}): SolveResult {
  const { nodes, ms, tableMegabytes } = { ...DEFAULT_LIMITS, ...limits };
  if (state.columns.some((column) => column.includes(UNKNOWN)) || state.stock.includes(UNKNOWN)) {
    throw new Error('solve needs the full state, not a player view');
  }
  const start = performance.now();
  const { outcome, nodes: spent } = search(state, tableOf(tableMegabytes), nodes, start + ms);
  const effort = { nodes: spent, ms: Math.round(performance.now() - start) };
  switch (outcome.kind) {
    case 'win':
      return { result: 'win', line: outcome.line, ...effort };
    case 'loss':
      return { result: 'loss', ...effort };
    default:
      return { result: 'unknown', reason: outcome.kind, ...effort };
  }
}
