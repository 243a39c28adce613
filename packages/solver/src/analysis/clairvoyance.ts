import { applyMove, type GameState, isWon, legalMoves, type Move, Sfc32 } from '@scorpion/rules';
import { solve } from '../solve.ts';
import type { Limits } from '../types.ts';
import { hasHiddenCards, sampleCompletion } from './completions.ts';
import { moveKey } from './moves.ts';

/** One move a player chose, and the full position (the deal known) they chose it in. */
export interface Decision {
  readonly state: GameState;
  readonly move: Move;
}

export interface ClairvoyanceOptions {
  /** Completions of the hidden cards the blind estimate is made over. */
  readonly samples: number;
  /** Each solve's budget: node limits, so that every machine reaches the same score. */
  readonly limits: Limits;
  /** 32 hex digits: the completions drawn (the same game always gets the same ones). */
  readonly seed: string;
}

/**
 * Per solve: a winning line is usually found within a few thousand nodes; what is not found in
 * 10,000 counts as "not shown to keep the deal", for the full deal and the estimate alike.
 */
export const CLAIRVOYANCE_OPTIONS: Omit<ClairvoyanceOptions, 'seed'> = {
  samples: 6,
  limits: { nodes: 10_000, ms: 600_000, tableMegabytes: 8 },
};

/**
 * How the two hypotheses choose. One who does not see the hidden cards picks a move as likely as
 * the share of completions in which it keeps the deal winnable, with `BLIND_SPREAD` added so that
 * any legal move stays possible (people misjudge). One who sees them picks a move that keeps the
 * deal, except `SLIP` of the time, when they play as the blind do (to look innocent, or by a slip).
 */
const BLIND_SPREAD = 0.1;
const SLIP = 0.1;

/** A position where the hidden cards decided the right move, and what the move chosen says. */
export interface DecisivePosition {
  /** Index of the decision in the game's moves. */
  readonly index: number;
  readonly legal: number;
  /** Moves that keep the deal winnable, the deal known. */
  readonly keeping: number;
  /** Share of completions in which the move chosen keeps the deal winnable. */
  readonly chosenEstimate: number;
  /** The best share any move got. */
  readonly bestEstimate: number;
  readonly chosenKeeps: boolean;
  /** ln P(move | sees the hidden cards) − ln P(move | does not). */
  readonly llr: number;
}

export interface Clairvoyance {
  /** The sum of the decisive positions' log-likelihood ratios (nats): above 0 leans to "sees". */
  readonly score: number;
  readonly decisive: readonly DecisivePosition[];
  /** Positions with hidden cards where some moves keep the deal winnable and others do not. */
  readonly mattered: number;
  /** Of those, how often the move chosen kept it: agreement with the solver where it matters. */
  readonly agreed: number;
  readonly solves: number;
  readonly nodes: number;
}

/**
 * Clairvoyance: at each position where the hidden cards decide which move is right (the solver
 * with the full deal and the estimate over completions consistent with the player's view
 * disagree on the best move), how much likelier the move chosen is for one who sees the hidden
 * cards than for one who does not. A person guesses, and a guess that goes against the odds is
 * as often wrong as the odds say; a scout's never is. Positions are independent evidence, so
 * their log-likelihood ratios add up.
 */
export function clairvoyance(decisions: readonly Decision[], options: ClairvoyanceOptions): Clairvoyance {
  const rng = new Sfc32(options.seed);
  let solves = 0;
  let nodes = 0;
  const keeps = (state: GameState, move: Move): boolean => {
    const result = applyMove(state, move);
    if (!result.ok) throw new Error(`an illegal move in the analysed line: ${result.reason}`);
    if (isWon(result.state)) return true;
    const verdict = solve(result.state, options.limits);
    solves++;
    nodes += verdict.nodes;
    return verdict.result === 'win';
  };
  const decisive: DecisivePosition[] = [];
  let mattered = 0;
  let agreed = 0;
  decisions.forEach(({ state, move }, index) => {
    if (!hasHiddenCards(state)) return;
    const legal = legalMoves(state);
    if (legal.length < 2) return;
    // A position already lost (or not shown winnable) has no right move: one solve settles it.
    const here = solve(state, options.limits);
    solves++;
    nodes += here.nodes;
    if (here.result !== 'win') return;
    const keeping = legal.map((m) => keeps(state, m));
    const kept = keeping.filter(Boolean).length;
    if (kept === 0 || kept === legal.length) return;
    const chosen = legal.findIndex((m) => moveKey(m) === moveKey(move));
    if (chosen < 0) throw new Error(`move ${index + 1} is not legal in its position`);
    mattered++;
    if (keeping[chosen]) agreed++;
    const estimate = new Array<number>(legal.length).fill(0);
    for (let s = 0; s < options.samples; s++) {
      const completion = sampleCompletion(state, rng);
      legal.forEach((m, i) => {
        if (keeps(completion, m)) estimate[i]! += 1 / options.samples;
      });
    }
    const best = Math.max(...estimate);
    const estimateBest = estimate.map((p) => p >= best - 1e-9);
    if (estimateBest.every((isBest, i) => !isBest || keeping[i])) return;
    const weights = estimate.map((p) => p + BLIND_SPREAD);
    const blind = weights[chosen]! / weights.reduce((a, b) => a + b, 0);
    const sees = (keeping[chosen] ? (1 - SLIP) / kept : 0) + SLIP * blind;
    decisive.push({
      index,
      legal: legal.length,
      keeping: kept,
      chosenEstimate: estimate[chosen]!,
      bestEstimate: best,
      chosenKeeps: keeping[chosen]!,
      llr: Math.log(sees / blind),
    });
  });
  const score = decisive.reduce((sum, d) => sum + d.llr, 0);
  return { score, decisive, mattered, agreed, solves, nodes };
}
