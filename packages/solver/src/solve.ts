import { type GameState, UNKNOWN, VARIANTS } from '@scorpion/rules';
import { type SearchOutcome, search } from './search.ts';
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
 * Nodes of the first probes (about a millisecond on a free core). A probe whose order suits the
 * deal mostly wins within a few thousand nodes, and one that does not seldom wins at all (of the
 * 83 Double Scorpion bench wins with 100,000-node probes, 44 came within 2,000 nodes of their
 * probe's start, 59 within 10,000): many short probes try more orders for the same nodes.
 */
const PROBE_NODES = 2_000;
/** Probes get twice as many nodes after every so many (sixteen rounds of the three families). */
const PROBES_PER_LENGTH = 48;
/** Budgets below this (certifying a deal: 20,000 nodes) search once, plainly. */
const PROBE_FROM = 400_000;

/** One deck with the open option: probes of the first orders, and their nodes. */
const OPEN_PROBES = 16;
const OPEN_PROBE_NODES = 10_000;

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
  const table = tableOf(tableMegabytes);
  const deadline = start + ms;
  let spent = 0;
  let outcome: SearchOutcome | undefined;
  // Two decks: losses are seldom proven, and a depth-first search that took a wrong turn early
  // spends its whole budget below it. So the whole budget goes to probes: short searches, each
  // ordering moves another way (the families of order.ts in turn, plain first, then shuffled),
  // twice as long after every 48, any of which may find a win (or, finishing within its
  // nodes, prove a loss: the order never changes a verdict). The last probe gets what is left.
  // Every other probe is greedy (order.ts, `skipSwaps`): it leaves out swaps, so it reaches
  // further in the same nodes; it may find a win and never proves a loss. Which moves it leaves
  // out depends on the position alone, so every greedy probe searches the same positions: once
  // one has run out of moves within its nodes, the others would too, and only complete ones follow.
  if (VARIANTS[state.variant].decks === 2 && nodes >= PROBE_FROM) {
    let greedy = true;
    for (let order = 0; !outcome; order++) {
      const budget = Math.min(PROBE_NODES * 2 ** Math.floor(order / PROBES_PER_LENGTH), nodes - spent);
      const skipSwaps = greedy && order % 2 === 1;
      const probe = search(state, table, budget, deadline, order, skipSwaps);
      spent += probe.nodes;
      if (skipSwaps && probe.outcome.kind === 'node-limit' && probe.nodes < budget) greedy = false;
      if (probe.outcome.kind !== 'node-limit' || spent >= nodes) outcome = probe.outcome;
    }
  } else {
    // One deck, every card face up: now and then the plain order misses a win that another one
    // finds at once, so a few short probes of the other orders come first (plain first, so that
    // an easy deal costs nothing more), then the plain search with what is left.
    if (state.options.open && nodes >= 4 * OPEN_PROBES * OPEN_PROBE_NODES) {
      for (let order = 0; order < OPEN_PROBES && !outcome; order++) {
        const probe = search(state, table, OPEN_PROBE_NODES, deadline, order);
        spent += probe.nodes;
        if (probe.outcome.kind !== 'node-limit') outcome = probe.outcome;
      }
    }
    if (!outcome) {
      const whole = search(state, table, nodes - spent, deadline);
      spent += whole.nodes;
      outcome = whole.outcome;
    }
  }
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
