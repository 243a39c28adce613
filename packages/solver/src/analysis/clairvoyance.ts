import { applyMove, type Card, type GameState, isWon, type Move, Sfc32 } from '@scorpion/rules';
import { solve } from '../solve.ts';
import type { Limits } from '../types.ts';
import { hasHiddenCards, sampleCompletion } from './completions.ts';
import { moveKey } from './moves.ts';

/** One move a player chose, in its full position (the deal known), and the cards they had seen by then. */
export interface Decision {
  readonly state: GameState;
  readonly move: Move;
  /** Cards the player saw face up earlier and that are hidden again (a turn undone): not guesses. */
  readonly known?: ReadonlySet<Card>;
}

export interface ClairvoyanceOptions {
  /** Completions of the hidden cards, each winnable from the position, each position is weighed against. */
  readonly samples: number;
  /** Completions drawn at most per position to find `samples` winnable ones (most random ones are not). */
  readonly draws: number;
  /** Each solve's budget: node limits, so that every machine reaches the same score. */
  readonly limits: Limits;
  /** 32 hex digits: the completions drawn (the same game always gets the same ones). */
  readonly seed: string;
}

/**
 * "Winnable" and "the solver's move" mean: what the solver finds within these nodes, for the
 * true deal and for the completions alike, so both sides of the comparison ask the same question.
 * 16 winnable completions bound one position's evidence at about ln 17 ≈ 2.8 nats; a random
 * completion of a daily's position is winnable about one time in four, hence up to 64 draws.
 */
export const CLAIRVOYANCE_OPTIONS: Omit<ClairvoyanceOptions, 'seed'> = {
  samples: 16,
  draws: 64,
  limits: { nodes: 10_000, ms: 600_000, tableMegabytes: 8 },
};

/**
 * Two models of one who sees the hidden cards; the score weighs the game under both (below).
 * - `solver`: plays the move a solver plays with the deal in view, the first move of the win it
 *   finds (a scout who reads the cards into a solver, or plays the line it gave them). This is
 *   the distance-to-win part: of the moves, the one that leads to a win found with these cards.
 * - `keeps`: plays some move that keeps the deal winnable with these cards (a scout who plays
 *   their own way, but never into a loss they can see).
 * Each slips with chance `SLIP` (a mistake, or a move made to look innocent): what keeps one
 * move that fits neither from clearing a scout, and bounds a position's evidence against at ln 0.1.
 */
const SLIP = 0.1;
/** The weight of the `solver` model in the mixture (the rest is `keeps`'s): no reason to favour either. */
export const SOLVER_WEIGHT = 0.5;

/** A position's (or a game's) log e-values under each model of one who sees (nats). */
export interface Models {
  readonly solver: number;
  readonly keeps: number;
}

/**
 * One score from the two models: ln(w·e^solver + (1 − w)·e^keeps). A mixture of e-values is an
 * e-value, so Ville's bound holds for it as for each; it costs at most ln 2 against the better
 * model, and spares a scout of either kind the other's verdict (a scout who plays their own
 * winning line is no solver, and every move of theirs is evidence against the `solver` model).
 */
export function mixtureScore(models: Models): number {
  const top = Math.max(models.solver, models.keeps);
  if (top === Number.NEGATIVE_INFINITY) return top;
  return (
    top + Math.log(SOLVER_WEIGHT * Math.exp(models.solver - top) + (1 - SOLVER_WEIGHT) * Math.exp(models.keeps - top))
  );
}

/** Where the hidden cards could decide what the right move is, and what the move chosen did there. */
export interface DecisivePosition {
  /** Index of the decision in the game's moves. */
  readonly index: number;
  /** Winnable completions drawn (of `samples`): what the player could not tell from the deal. */
  readonly completions: number;
  /** Completions in which the solver's move is the move chosen. */
  readonly solverIn: number;
  /** Completions in which the move chosen keeps the deal winnable. */
  readonly keptIn: number;
  /** Whether the move chosen is the solver's with the true cards. */
  readonly chosenIsSolvers: boolean;
  /** Whether it keeps the deal winnable with the true cards. */
  readonly chosenKeeps: boolean;
  /** ln of the position's e-value under each model (`positionEvalues`): above 0 leans to "sees the hidden cards". */
  readonly llr: Models;
}

export interface Clairvoyance {
  /** The game's score (nats): `mixtureScore` of `models`; above 0 leans to "sees the hidden cards". */
  readonly score: number;
  /** The sum of every weighed position's log e-value under each model. */
  readonly models: Models;
  readonly decisive: readonly DecisivePosition[];
  /** Decisive positions: the completions and the true cards do not all say the same of the move chosen. */
  readonly mattered: number;
  /** Of those, how often the move chosen was the solver's with the true cards: agreement where it matters. */
  readonly agreed: number;
  readonly solves: number;
  readonly nodes: number;
}

/**
 * Clairvoyance (evidence version 3). At each position with hidden cards that is winnable with
 * the true cards, the move chosen is weighed by a likelihood ratio for each model: how likely one
 * who sees the cards was to choose it with the true cards, over how likely the same one was to
 * choose it in the deals the player could not tell from this one: the completions of the hidden
 * cards, drawn uniformly and kept when the position is winnable in them (the same condition the
 * true deal met to be weighed; a daily's player knows its deal was dealt winnable).
 *
 * With n winnable completions, S of them in which the solver's move is the one chosen and K in
 * which the move keeps the deal, a position's e-values are
 *   solver: (1 − SLIP)·[chosen is the solver's with the true cards]·(n + 1)/(S + 1) + SLIP
 *   keeps:  (1 − SLIP)·[chosen keeps the deal with the true cards]·(n + 1)/(K + 1) + SLIP
 * For a player who does not see the cards, whatever their skill or style, the move is chosen from
 * the view alone, so with the true cards the indicator is 1 with the same chance q as in each
 * completion: E[q·(n + 1)/(S + 1)] = 1 − (1 − q)^(n+1) ≤ 1 with S binomial (n, q), so each
 * e-value's expectation is at most 1, position after position. The product over a game (and
 * over all of a player's games) is then a supermartingale under each model, and so is their
 * mixture: the chance that the score ever reaches T is at most e^−T (Ville). No model of the
 * honest player is needed, only the fact that they cannot see. ((n + 1)/(S + 1), not n/S:
 * the estimate that keeps this bound exact with few completions.)
 *
 * Where the cards do not matter (every completion and the true deal say the same), the move
 * scores exactly 0 under a model it fits. A scout scores where the hidden cards turn the right
 * move away from what the view suggests, a move best only given the cards (S or K small): up to
 * ln((1 − SLIP)(n + 1) + SLIP) per position. A player the view misleads into a loss scores
 * ln SLIP under both.
 */
export function clairvoyance(decisions: readonly Decision[], options: ClairvoyanceOptions): Clairvoyance {
  const rng = new Sfc32(options.seed);
  let solves = 0;
  let nodes = 0;
  /** The first move of a win the solver finds within the limits, or undefined when it finds none. */
  const solversMove = (state: GameState): string | undefined => {
    const verdict = solve(state, options.limits);
    solves++;
    nodes += verdict.nodes;
    return verdict.result === 'win' && verdict.line.length > 0 ? moveKey(verdict.line[0]!) : undefined;
  };
  const keeps = (state: GameState, move: Move): boolean => {
    const result = applyMove(state, move);
    if (!result.ok) throw new Error(`an illegal move in the analysed line: ${result.reason}`);
    return isWon(result.state) || solversMove(result.state) !== undefined;
  };
  const decisive: DecisivePosition[] = [];
  let solver = 0;
  let keepsSum = 0;
  let agreed = 0;
  // A position met again (after an undo, or by moving back and forth) is the same evidence.
  const weighed = new Set<string>();
  decisions.forEach(({ state, move, known }, index) => {
    if (!hasHiddenCards(state, known)) return;
    const key = positionKey(state);
    if (weighed.has(key)) return;
    weighed.add(key);
    // A position the solver does not find winnable has nothing left to keep (and no solver's move).
    const trueMove = solversMove(state);
    if (trueMove === undefined) return;
    const chosen = moveKey(move);
    const chosenIsSolvers = trueMove === chosen;
    const chosenKeeps = chosenIsSolvers || keeps(state, move);
    let n = 0;
    let solverIn = 0;
    let keptIn = 0;
    for (let draw = 0; n < options.samples && draw < options.draws; draw++) {
      const completion = sampleCompletion(state, rng, known);
      const theirs = solversMove(completion);
      if (theirs === undefined) continue;
      n++;
      if (theirs === chosen) {
        solverIn++;
        keptIn++;
      } else if (keeps(completion, move)) keptIn++;
    }
    const e = positionEvalues({ completions: n, solverIn, keptIn, chosenIsSolvers, chosenKeeps });
    const llr = { solver: Math.log(e.solver), keeps: Math.log(e.keeps) };
    solver += llr.solver;
    keepsSum += llr.keeps;
    const unanimous = (count: number, truth: boolean) => count === (truth ? n : 0);
    if (unanimous(solverIn, chosenIsSolvers) && unanimous(keptIn, chosenKeeps)) return;
    if (chosenIsSolvers) agreed++;
    decisive.push({ index, completions: n, solverIn, keptIn, chosenIsSolvers, chosenKeeps, llr });
  });
  const models = { solver, keeps: keepsSum };
  return { score: mixtureScore(models), models, decisive, mattered: decisive.length, agreed, solves, nodes };
}

/** One position's e-values under each model (see `clairvoyance`): each at most 1 in expectation for one who does not see. */
export function positionEvalues(
  position: Pick<DecisivePosition, 'completions' | 'solverIn' | 'keptIn' | 'chosenIsSolvers' | 'chosenKeeps'>,
): { readonly solver: number; readonly keeps: number } {
  const { completions: n, solverIn, keptIn, chosenIsSolvers, chosenKeeps } = position;
  return {
    solver: (chosenIsSolvers ? ((1 - SLIP) * (n + 1)) / (solverIn + 1) : 0) + SLIP,
    keeps: (chosenKeeps ? ((1 - SLIP) * (n + 1)) / (keptIn + 1) : 0) + SLIP,
  };
}

function positionKey(state: GameState): string {
  return JSON.stringify([state.columns, state.hidden, state.stock, state.reserve, state.foundations]);
}
