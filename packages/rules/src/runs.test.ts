import { expect, test } from 'vitest';
import { applyMove } from './apply.ts';
import { legalMoves } from './legal.ts';
import { faceDownCount, progressOf, tallyOf } from './runs.ts';
import { dealFromSeed } from './seed.ts';
import { type GameState, newGame } from './state.ts';

test("a position's tally is its progress and its face-down cards, from the deal along a line of moves", () => {
  let state: GameState = newGame(
    'scorpion',
    { foundations: false, open: false },
    dealFromSeed('scorpion', '7'.repeat(32)),
  );
  // Scorpion deals three cards face down in each of the first four columns.
  expect(tallyOf(state)).toEqual({ progress: progressOf(state), faceDown: 12 });
  const seen = new Set<string>();
  for (let i = 0; i < 60; i++) {
    const move = legalMoves(state)[i % 3] ?? legalMoves(state)[0];
    if (!move) break;
    const played = applyMove(state, move);
    if (!played.ok) throw new Error(played.reason);
    state = played.state;
    const tally = tallyOf(state);
    expect(tally).toEqual({ progress: progressOf(state), faceDown: faceDownCount(state) });
    seen.add(`${tally.progress}/${tally.faceDown}`);
  }
  // The line changes what is tallied: the test does not hold one position sixty times.
  expect(seen.size).toBeGreaterThan(1);
});
