import { applyMove, type GameState, type Move, parseFace, positionFromText, UNKNOWN } from '@scorpion/rules';
import { expect, test } from 'vitest';
import { follow, shownBy, withFaces } from './reveal.ts';

const play = (state: GameState, move: Move) => {
  const r = applyMove(state, move);
  if (!r.ok) throw new Error(r.reason);
  return r.state;
};

/** The board as this client sees it: the stock's faces unknown until the deal's ack shows them. */
const unseenStock = (state: GameState): GameState => ({ ...state, stock: state.stock.map(() => UNKNOWN) });

test('a deal’s cards are shown where the rules dealt them: round-robin onto the first three columns', () => {
  const known = positionFromText('scorpion', '9H | KS TH | 5S | JH', { stock: 'AS 2S 3S' });
  const before = unseenStock(known);
  const after = play(before, { kind: 'deal' });
  const shown = shownBy([{ type: 'dealt', cards: ['AS', '2S', '3S'] }], before, after);
  expect(withFaces(after, shown)).toEqual(play(known, { kind: 'deal' }));
});

test('a shown card moves with the run carried from under it, and stays put for any other move', () => {
  const before = positionFromText('scorpion', '9H | KS TH 2S | 5S | JH', {});
  const shown = { column: 1, index: 2, card: parseFace('2S')! };
  expect(follow(shown, { kind: 'move', from: 1, row: 1, to: 3 }, before)).toEqual({ ...shown, column: 3, index: 2 });
  expect(follow(shown, { kind: 'move', from: 0, row: 0, to: 2 }, before)).toEqual(shown);
  expect(follow(shown, { kind: 'deal' }, before)).toEqual(shown);
});
