import { positionFromText } from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { solve } from '../index.ts';
import { onlyWinningMove, realMoves } from './forced.ts';

// A node budget, no time limit: the same verdicts on any machine.
const check = { solve, limits: { nodes: 200_000, ms: 3_600_000, tableMegabytes: 8 }, minMoves: 3 };

describe('onlyWinningMove', () => {
  it('finds the one move of three that keeps the deal winnable', () => {
    // 8S onto 9S buries the 5S under the QS for good; 4S onto 5S buries the 2S under the 4S.
    // Only 5S onto 6S wins.
    const board = positionFromText('scorpion', '3S KS JS 9S | 8S TS QS 5S | AS 7S 2S 4S 6S');
    expect(onlyWinningMove(board, check)).toMatchObject({
      kind: 'forced',
      move: { kind: 'move', from: 1, row: 3, to: 2 },
      legal: 3,
    });
  });

  it('takes a known winning move on trust and proves only the others lost', () => {
    const board = positionFromText('scorpion', '3S KS JS 9S | 8S TS QS 5S | AS 7S 2S 4S 6S');
    const winning = { kind: 'move', from: 1, row: 3, to: 2 } as const;
    const trusted = onlyWinningMove(board, { ...check, winning });
    expect(trusted).toMatchObject({ kind: 'forced', move: winning });
    expect(trusted.nodes).toBeLessThan(onlyWinningMove(board, check).nodes);
  });

  it('is no puzzle when two moves win', () => {
    const board = positionFromText('scorpion', 'KS QS JS TS 9S 8S 7S 6S 5S | 4S | 3S | 2S AS');
    expect(onlyWinningMove(board, check).kind).toBe('several');
  });

  it('is no puzzle when a card is face down or the stock is not dealt', () => {
    expect(
      onlyWinningMove(positionFromText('scorpion', '3s KS JS 9S | 8S TS QS 5S | AS 7S 2S 4S 6S'), check).kind,
    ).toBe('hidden');
    const stocked = positionFromText('scorpion', 'KS JS 9S | 8S TS QS 5S | AS 7S 2S 4S 6S', { stock: '3S' });
    expect(onlyWinningMove(stocked, check).kind).toBe('hidden');
  });

  it('is no puzzle with fewer than three moves to choose from', () => {
    expect(onlyWinningMove(positionFromText('scorpion', 'KS QS JS 2S | TS 9S | AS'), check).kind).toBe('few-moves');
  });

  it('is undecided when the solver runs out of nodes', () => {
    const board = positionFromText('scorpion', '3S KS JS 9S | 8S TS QS 5S | AS 7S 2S 4S 6S');
    expect(onlyWinningMove(board, { ...check, limits: { nodes: 1, tableMegabytes: 8 } }).kind).toBe('unknown');
  });
});

describe('realMoves', () => {
  it('leaves out a King carried from the bottom of a column into an empty one: nothing changes', () => {
    const board = positionFromText('scorpion', 'KS QS | JS | ');
    expect(realMoves(board)).toEqual([{ kind: 'move', from: 1, row: 0, to: 0 }]);
  });
});
