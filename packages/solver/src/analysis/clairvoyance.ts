import { applyMove, type Card, type GameState, isWon, type Move, Sfc32 } from '@scorpion/rules';
import { solve } from '../solve.ts';
import type { Limits } from '../types.ts';
import { hasHiddenCards, sampleCompletion } from './completions.ts';

/** One move a player chose, in its full position (the deal known), and the cards they had seen by then. */
export interface Decision {
  readonly state: GameState;
  readonly move: Move;
  /** Cards the player saw face up earlier and that are hidden again (a turn undone): not guesses. */
  readonly known?: ReadonlySet<Card>;
}

export interface ClairvoyanceOptions {
  /** Completions of the hidden cards each position's odds are estimated over. */
  readonly samples: number;
  /** Each solve's budget: node limits, so that every machine reaches the same score. */
  readonly limits: Limits;
  /** 32 hex digits: the completions drawn (the same game always gets the same ones). */
  readonly seed: string;
}

/**
 * "Keeps the deal" means: the solver finds a win within these nodes, for the true deal and for
 * the completions alike, so both sides of the comparison are the same question.
 */
export const CLAIRVOYANCE_OPTIONS: Omit<ClairvoyanceOptions, 'seed'> = {
  samples: 8,
  limits: { nodes: 10_000, ms: 600_000, tableMegabytes: 8 },
};

/**
 * How often one who sees the hidden cards still plays a move that loses the deal (a slip, or to
 * look innocent). Small, so that an honest player's losing guess weighs clearly against them
 * being a scout; not zero, so that one slip does not clear a scout.
 */
const SLIP = 0.02;

/** Completions drawn per one kept (winnable at the position) before the position is given up as not telling. */
const MAX_DRAWS = 3;

/** A position where the hidden cards could decide whether the move chosen keeps the deal. */
export interface DecisivePosition {
  /** Index of the decision in the game's moves. */
  readonly index: number;
  /** Completions (of `samples`) in which the move chosen keeps the deal winnable. */
  readonly keptIn: number;
  /** Whether it keeps the deal winnable with the true cards. */
  readonly chosenKeeps: boolean;
  /** ln P(move's outcome | sees the hidden cards) − ln P(move's outcome | does not). */
  readonly llr: number;
}

export interface Clairvoyance {
  /** The sum of the positions' log-likelihood ratios (nats): above 0 leans to "sees the hidden cards". */
  readonly score: number;
  readonly decisive: readonly DecisivePosition[];
  /** Positions (winnable, with hidden cards) where the move chosen was not safe in every completion. */
  readonly mattered: number;
  /** Of those, how often the move chosen kept the deal: agreement with the solver where it matters. */
  readonly agreed: number;
  readonly solves: number;
  readonly nodes: number;
}

/**
 * Clairvoyance. In a winnable position with hidden cards, one who does not see them and plays a
 * move keeps the deal winnable as often as that move keeps it over the deals they cannot tell
 * from this one and in which this position is winnable: the estimate `p`, over sampled
 * completions. One who sees them keeps it
 * (but for a slip). So the move's outcome with the true cards weighs ln((1 − SLIP)/p) for "sees"
 * when it kept the deal, and ln(SLIP/(1 − p)) when it lost it: for one who does not see, the
 * ratio's expectation is then exactly p·(1 − SLIP)/p + (1 − p)·SLIP/(1 − p) = 1 (with ln(1/p),
 * as before version 2, it was 1 + SLIP per position, which a running sum over many games compounds). A person guesses, and loses as often as
 * the odds say; a scout's moves keep the deal against the odds, again and again. Positions are
 * independent evidence, so the ratios add up; and for a player who does not see, the chance that
 * the sum ever reaches T is at most e^−T (the likelihood ratio is a martingale under that
 * hypothesis), which is what the threshold is read against.
 *
 * The estimate is made with `samples` completions and smoothed ((k + 1)/(n + 2)), so that a move
 * no completion kept weighs ln((1 − SLIP)(n + 2)), not infinity. A move that kept the deal in every
 * completion is no evidence: the hidden cards did not decide it.
 */
export function clairvoyance(decisions: readonly Decision[], options: ClairvoyanceOptions): Clairvoyance {
  const rng = new Sfc32(options.seed);
  const n = options.samples;
  let solves = 0;
  let nodes = 0;
  const winnable = (state: GameState): boolean => {
    if (isWon(state)) return true;
    const verdict = solve(state, options.limits);
    solves++;
    nodes += verdict.nodes;
    return verdict.result === 'win';
  };
  const after = (state: GameState, move: Move): GameState => {
    const result = applyMove(state, move);
    if (!result.ok) throw new Error(`an illegal move in the analysed line: ${result.reason}`);
    return result.state;
  };
  const decisive: DecisivePosition[] = [];
  let mattered = 0;
  let agreed = 0;
  // A position met again (after an undo, or by moving back and forth) is the same evidence.
  const weighed = new Set<string>();
  decisions.forEach(({ state, move, known }, index) => {
    if (!hasHiddenCards(state, known)) return;
    const key = positionKey(state);
    if (weighed.has(key)) return;
    weighed.add(key);
    // A position already lost (or not shown winnable) has nothing left to keep.
    if (!winnable(state)) return;
    const chosenKeeps = winnable(after(state, move));
    // Only completions in which this position is winnable count: it is winnable with the true
    // cards (else it was skipped), and a daily's player knows the deal was dealt winnable.
    let keptIn = 0;
    let drawn = 0;
    for (let draws = 0; drawn < n && draws < n * MAX_DRAWS; draws++) {
      const completion = sampleCompletion(state, rng, known);
      if (winnable(after(completion, move))) keptIn++;
      else if (!winnable(completion)) continue;
      drawn++;
    }
    if (drawn < n) return;
    if (chosenKeeps && keptIn === n) return;
    mattered++;
    if (chosenKeeps) agreed++;
    const p = (keptIn + 1) / (n + 2);
    decisive.push({ index, keptIn, chosenKeeps, llr: positionLlr(chosenKeeps, p) });
  });
  const score = decisive.reduce((sum, d) => sum + d.llr, 0);
  return { score, decisive, mattered, agreed, solves, nodes };
}

/**
 * One position's log-likelihood ratio, "sees" over "guesses", for a move that keeps the deal
 * with probability `p` for one who guesses: its expectation under "guesses" is exactly 1.
 */
export function positionLlr(chosenKeeps: boolean, p: number): number {
  return chosenKeeps ? Math.log((1 - SLIP) / p) : Math.log(SLIP / (1 - p));
}

function positionKey(state: GameState): string {
  return JSON.stringify([state.columns, state.hidden, state.stock, state.reserve, state.foundations]);
}
