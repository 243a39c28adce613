import { applyMove, type GameState, gameStatus, isWon, legalMoves, type Move, Sfc32 } from '@scorpion/rules';
import { hasHiddenCards, moveKey, type PlayedAction, sampleCompletion, solve } from '@scorpion/solver';

/*
 * The players the evidence is measured on. Each plays a whole game from the full deal, and
 * leaves the actions as the server would store them (moves and undos, timed).
 *
 * - `knowing`: reads the deal (as a scout who learned the hidden cards does) and plays the
 *   solver's winning line from the full position, at a person's pace.
 * - `viewing`: an honest strong player. It sees only its view: at each position it solves a few
 *   completions of the hidden cards it cannot see, and plays the move that wins in most.
 * - `human`: an honest ordinary player: the same view, but it weighs its options loosely,
 *   now and then plays a move at random, takes some of those back, and pauses as people do.
 * - `completing`: an honest player as strong as a view allows. It knows the daily was dealt
 *   winnable, so it guesses completions of the hidden cards until `COMPLETING_VOTES` of them are
 *   winnable, and plays the move the solver plays in most of those. Nothing but the hidden cards
 *   sets it apart from `knowing`: the hardest honest player to tell from a scout.
 */
export type BotKind = 'knowing' | 'viewing' | 'human' | 'completing';

/** The bots' own estimates: fewer and smaller solves than the evidence's, drawn from other seeds. */
const BOT_SAMPLES = 4;
const BOT_LIMITS = { nodes: 10_000, ms: 600_000, tableMegabytes: 8 };
const MAX_MOVES = 160;
/** A bot that finds no winning move in this many positions in a row gives up, as people do. */
const HOPELESS = 6;

/** Winnable completions the `completing` bot's move is voted over, and its draws per move at most. */
const COMPLETING_VOTES = 3;
const COMPLETING_DRAWS = 24;

export interface BotGame {
  readonly actions: PlayedAction[];
  readonly won: boolean;
}

/** Thinking time in ms: mostly a second or two, sometimes long, with the spread of a person's. */
function thinking(rng: Sfc32): number {
  const u = (rng.next() + 1) / 2 ** 32;
  return Math.round(400 + 1_500 * -Math.log(u));
}

/** For each legal move, the share of `samples` completions in which it keeps the deal winnable. */
function estimate(state: GameState, legal: readonly Move[], rng: Sfc32): number[] {
  const shares = legal.map(() => 0);
  if (!hasHiddenCards(state)) {
    // Nothing hidden: the player's view is the deal, and the solver's line is fair play.
    const verdict = solve(state, BOT_LIMITS);
    if (verdict.result === 'win' && verdict.line.length > 0) {
      const first = moveKey(verdict.line[0]!);
      return legal.map((m) => (moveKey(m) === first ? 1 : 0));
    }
    return shares;
  }
  for (let s = 0; s < BOT_SAMPLES; s++) {
    const completion = sampleCompletion(state, rng);
    legal.forEach((m, i) => {
      const next = applyMove(completion, m);
      if (!next.ok) return;
      if (isWon(next.state) || solve(next.state, BOT_LIMITS).result === 'win') shares[i]! += 1 / BOT_SAMPLES;
    });
  }
  return shares;
}

/** The move the solver plays in most of a few winnable completions (undefined when none is found). */
function completingMove(state: GameState, legal: readonly Move[], rng: Sfc32): number | undefined {
  const votes = new Map<string, number>();
  let found = 0;
  for (let draw = 0; found < COMPLETING_VOTES && draw < COMPLETING_DRAWS; draw++) {
    const completion = hasHiddenCards(state) ? sampleCompletion(state, rng) : state;
    const verdict = solve(completion, BOT_LIMITS);
    if (verdict.result !== 'win' || verdict.line.length === 0) continue;
    found++;
    const key = moveKey(verdict.line[0]!);
    votes.set(key, (votes.get(key) ?? 0) + 1);
    if (!hasHiddenCards(state)) break;
  }
  if (found === 0) return undefined;
  const best = [...votes.entries()].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  return legal.findIndex((m) => moveKey(m) === best);
}

export function playBot(kind: BotKind, start: GameState, winningLine: readonly Move[], seed: string): BotGame {
  const rng = new Sfc32(seed);
  const actions: PlayedAction[] = [];
  let at = 0;
  const act = (action: PlayedAction['action']) => {
    at += thinking(rng);
    actions.push({ action, at });
  };
  if (kind === 'knowing') {
    for (const move of winningLine) act(move);
    return { actions, won: true };
  }
  let state = start;
  const previous: GameState[] = [];
  let hopeless = 0;
  while (
    gameStatus(state) === 'playing' &&
    previous.length < MAX_MOVES &&
    actions.length < 2 * MAX_MOVES &&
    hopeless < HOPELESS
  ) {
    const legal = legalMoves(state);
    if (kind === 'completing') {
      const choice = completingMove(state, legal, rng);
      hopeless = choice === undefined ? hopeless + 1 : 0;
      const move = legal[choice ?? rng.below(legal.length)]!;
      act(move);
      previous.push(state);
      state = (applyMove(state, move) as { ok: true; state: GameState }).state;
      continue;
    }
    const shares = estimate(state, legal, rng);
    const best = Math.max(...shares);
    hopeless = best === 0 ? hopeless + 1 : 0;
    let choice: number;
    if (kind === 'viewing') choice = shares.indexOf(best);
    else if (rng.below(100) < 12) choice = rng.below(legal.length);
    else {
      // Loosely: a move is as likely as its share (plus a little for any move).
      const weights = shares.map((s) => s + 0.05);
      const pick = (rng.next() / 2 ** 32) * weights.reduce((a, b) => a + b, 0);
      let below = 0;
      choice = weights.findIndex((w) => {
        below += w;
        return pick < below;
      });
      if (choice < 0) choice = legal.length - 1;
    }
    const move = legal[choice]!;
    act(move);
    previous.push(state);
    state = (applyMove(state, move) as { ok: true; state: GameState }).state;
    if (kind === 'human' && shares[choice]! < best && rng.below(100) < 25) {
      // Second thoughts: the move looked worse than another; take it back.
      act({ kind: 'undo' });
      state = previous.pop()!;
    }
  }
  return { actions, won: isWon(state) };
}
