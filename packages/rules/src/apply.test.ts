import { describe, expect, it } from 'vitest';
import { applyMove, playCoded, playMove } from './apply.ts';
import { cardCode } from './cards.ts';
import { FastBoard } from './fast-board.ts';
import type { Move } from './moves.ts';
import { traceState } from './record.ts';
import { type GameState, newGame } from './state.ts';
import { positionFromText } from './text.ts';

/** Plays a move that must be legal and returns the board as trace text, top line first. */
function play(state: GameState, move: Move): GameState {
  const result = applyMove(state, move);
  if (!result.ok) throw new Error(`illegal: ${result.reason}`);
  return result.state;
}

function columns(state: GameState): string {
  return traceState(state)
    .columns.map((c) => c.join(' '))
    .join(' | ');
}

function reason(state: GameState, move: unknown) {
  const result = applyMove(state, move);
  return result.ok ? 'legal' : result.reason;
}

describe('moving cards', () => {
  // Columns bottom card first, face-down cards in lowercase; no stock unless a test adds one.
  const board = positionFromText('scorpion', 'kh 9S 5D 4C | TS | 6D | 6C | ');

  it('moves a card with everything on top of it, in any order, onto its successor in suit', () => {
    expect(columns(play(board, { kind: 'move', from: 0, row: 2, to: 2 }))).toBe('kh 9S | TS | 6D 5D 4C | 6C | ');
    expect(columns(play(board, { kind: 'move', from: 0, row: 1, to: 1 }))).toBe('KH | TS 9S 5D 4C | 6D | 6C | ');
  });

  it('turns over the face-down card a move uncovers, and says so', () => {
    const result = applyMove(board, { kind: 'move', from: 0, row: 1, to: 1 });
    if (!result.ok) throw new Error(result.reason);
    expect(columns(result.state)).toBe('KH | TS 9S 5D 4C | 6D | 6C | ');
    expect(result.events).toContainEqual({ type: 'turned', column: 0, card: result.state.columns[0]![0] });
    expect(cardCode(result.state.columns[0]![0]!)).toBe('KH');
  });

  it('explains every illegal move with a reason and changes nothing', () => {
    expect(reason(board, { kind: 'move', from: 0, row: 0, to: 3 })).toBe('not-face-up');
    expect(reason(board, { kind: 'move', from: 0, row: 3, to: 3 })).toBe('not-one-lower');
    expect(reason(board, { kind: 'move', from: 1, row: 0, to: 2 })).toBe('wrong-suit');
    expect(reason(board, { kind: 'move', from: 2, row: 0, to: 4 })).toBe('empty-needs-king');
    expect(reason(board, { kind: 'move', from: 1, row: 0, to: 1 })).toBe('same-column');
    expect(reason(board, { kind: 'move', from: 1, row: 9, to: 0 })).toBe('no-such-card');
    expect(reason(board, { kind: 'move', from: 7, row: 0, to: 0 })).toBe('no-such-column');
    expect(columns(board)).toBe('kh 9S 5D 4C | TS | 6D | 6C | ');
  });

  it('puts nothing on an Ace', () => {
    const aces = positionFromText('scorpion', 'AS | KS | 2S');
    expect(reason(aces, { kind: 'move', from: 1, row: 0, to: 0 })).toBe('onto-ace');
  });

  it('lets only a King fill an empty column in Scorpion, and any card in Wasp', () => {
    const text = 'KC 9D | 8D | ';
    expect(reason(positionFromText('scorpion', text), { kind: 'move', from: 0, row: 1, to: 2 })).toBe(
      'empty-needs-king',
    );
    expect(reason(positionFromText('scorpion', text), { kind: 'move', from: 0, row: 0, to: 2 })).toBe('legal');
    expect(reason(positionFromText('wasp', text), { kind: 'move', from: 0, row: 1, to: 2 })).toBe('legal');
  });

  it('treats malformed moves as illegal, never as a crash', () => {
    for (const bad of [
      null,
      42,
      'move',
      {},
      { kind: 'fly' },
      { kind: 'move', from: 0.5, row: 0, to: 1 },
      { kind: 'move', from: -1, row: 0, to: 1 },
      { kind: 'move', from: 0, row: Number.NaN, to: 1 },
      { kind: 'move', from: '0', row: 0, to: 1 },
      { kind: 'move', from: 0, row: 0, to: 1e300 },
      { kind: 'reserve', index: 0, to: 0 },
      { kind: 'unfoundation', foundation: 0, to: 3 },
    ]) {
      const result = applyMove(board, bad);
      expect(result.ok).toBe(false);
    }
    expect(reason(board, { kind: 'fly' })).toBe('bad-move');
  });
});

describe('the stock', () => {
  const deck = Array.from({ length: 52 }, (_, i) => i);
  const start = newGame('scorpion', { foundations: false, open: false }, deck);

  it('deals its three cards face up onto columns 1, 2 and 3, once', () => {
    const dealt = play(start, { kind: 'deal' });
    expect(dealt.stock).toEqual([]);
    expect(dealt.columns.slice(0, 3).map((c) => c.at(-1))).toEqual([49, 50, 51]);
    expect(reason(dealt, { kind: 'deal' })).toBe('reserve-used');
  });

  it('deals onto empty columns too', () => {
    const emptyFirst = positionFromText('scorpion', ' | 5H | 9C', { stock: 'AS 2S 3S' });
    expect(columns(play(emptyFirst, { kind: 'deal' }))).toBe('AS | 5H 2S | 9C 3S');
  });

  it('does not exist in Double Scorpion or Three Blind Mice', () => {
    expect(reason(positionFromText('double-scorpion', 'KS'), { kind: 'deal' })).toBe('no-stock');
    expect(reason(positionFromText('three-blind-mice', 'KS', { reserve: 'QS' }), { kind: 'deal' })).toBe('no-stock');
  });
});

describe('the open reserve (Three Blind Mice)', () => {
  const mice = positionFromText('three-blind-mice', 'KS | 9H | ', { reserve: 'QS 8H KD' });

  it('plays any reserve card under the single-card rule; later cards shift down', () => {
    const after = play(mice, { kind: 'reserve', index: 1, to: 1 });
    expect(traceState(after).reserve).toEqual(['QS', 'KD']);
    expect(columns(after)).toBe('KS | 9H 8H | ');
    expect(reason(after, { kind: 'reserve', index: 0, to: 2 })).toBe('empty-needs-king');
    expect(reason(after, { kind: 'reserve', index: 1, to: 2 })).toBe('legal');
    expect(reason(after, { kind: 'reserve', index: 2, to: 2 })).toBe('no-such-reserve-card');
  });
});

describe('foundations (an option)', () => {
  const run = 'KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH';
  const on = positionFromText('scorpion', `${run} | KS | `, { options: { foundations: true } });

  it('takes a column that is exactly one complete run, and gives it back onto an empty column', () => {
    const put = play(on, { kind: 'foundation', from: 0 });
    expect(traceState(put).foundations).toEqual([run.split(' ')]);
    expect(reason(put, { kind: 'unfoundation', foundation: 0, to: 1 })).toBe('column-not-empty');
    const back = play(put, { kind: 'unfoundation', foundation: 0, to: 2 });
    expect(columns(back)).toBe(` | KS | ${run}`);
  });

  it('refuses anything but a single complete run, and everything when the option is off', () => {
    expect(reason(on, { kind: 'foundation', from: 1 })).toBe('not-a-complete-run');
    const off = positionFromText('scorpion', `${run} | KS | `);
    expect(reason(off, { kind: 'foundation', from: 0 })).toBe('no-foundations');
  });
});

describe('the end of the game', () => {
  it('is won when every column is one complete run, and then no move is legal', () => {
    const suits = ['S', 'H', 'D', 'C'].map((s) =>
      'KQJT98765432A'
        .split('')
        .map((r) => `${r}${s}`)
        .join(' '),
    );
    const almost = positionFromText(
      'scorpion',
      `${suits[0]} | ${suits[1]} | ${suits[2]} | KC QC | JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC`,
    );
    const result = applyMove(almost, { kind: 'move', from: 4, row: 0, to: 3 });
    if (!result.ok) throw new Error(result.reason);
    expect(result.events).toContainEqual({ type: 'won' });
    expect(result.events).toContainEqual({ type: 'run-completed', column: 3 });
    expect(reason(result.state, { kind: 'move', from: 0, row: 0, to: 4 })).toBe('game-over');
  });

  it('is lost when no legal move is left', () => {
    const stuck = positionFromText('scorpion', '2S 4S | 2H 4H');
    const result = applyMove(positionFromText('scorpion', '2S 4S 3H | 2H 4H'), {
      kind: 'move',
      from: 0,
      row: 2,
      to: 1,
    });
    if (!result.ok) throw new Error(result.reason);
    expect(result.events).toContainEqual({ type: 'lost' });
    expect(applyMove(stuck, { kind: 'deal' }).ok).toBe(false);
  });
});

describe('a move and its code in one call (playCoded)', () => {
  const board = positionFromText('scorpion', 'kh 9S 5D 4C | TS | 6D | 6C | ');

  it("answers as playMove does, and a legal move's code decodes back to the move", () => {
    const move: Move = { kind: 'move', from: 0, row: 2, to: 2 };
    const coded = playCoded(board, move);
    const plain = playMove(board, move);
    if (!coded.ok || !plain.ok) throw new Error('the move is legal');
    expect(coded.state).toEqual(plain.state);
    expect(coded.events).toEqual(plain.events);
    expect(coded.code).toBe(FastBoard.encode(move));
    expect(FastBoard.decode(coded.code)).toEqual(move);
  });

  it("refuses an illegal or malformed move with playMove's reason, and no code", () => {
    for (const move of [{ kind: 'move', from: 1, row: 0, to: 3 }, { kind: 'fly' }, null]) {
      expect(playCoded(board, move)).toEqual(playMove(board, move));
      expect(playCoded(board, move)).not.toHaveProperty('code');
    }
  });
});
