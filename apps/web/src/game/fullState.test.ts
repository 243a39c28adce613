import {
  currentState,
  dealFromSeed,
  type History,
  legalMoves,
  newGame,
  newHistory,
  play,
  toPlayerView,
  undo,
  VARIANT_IDS,
} from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { fullStateOf } from './fullState.ts';

const SEED = '0123456789abcdef0123456789abcdef';

describe('fullStateOf', () => {
  for (const variant of VARIANT_IDS) {
    it(`rebuilds every position of a ${variant} game from its view and its deal`, () => {
      const start = newGame(variant, { foundations: true, open: false }, dealFromSeed(variant, SEED));
      let history: History = newHistory(start);
      // A fixed walk through the game: the n-th legal move each time, with an undo now and then.
      for (let i = 0; i < 120; i++) {
        const state = currentState(history);
        expect(fullStateOf(toPlayerView(state), start)).toEqual(state);
        const moves = legalMoves(state);
        if (moves.length === 0) break;
        if (i % 11 === 10 && history.cursor > 0) history = undo(history);
        else {
          const played = play(history, moves[(i * 7) % moves.length]!);
          if (!played.ok) throw new Error(played.reason);
          history = played.history;
        }
      }
    });
  }
});
