import type { RaceResult } from '@scorpion/protocol';
import { describe, expect, it } from 'vitest';
import { gameWinner, seriesScore, seriesTarget } from './series.ts';

const r = (playerId: string, rank: number, gaveUp = false): RaceResult => ({
  rank,
  playerId,
  nickname: playerId.toUpperCase(),
  won: false,
  gaveUp,
  timeMs: 1,
  progress: 1,
  faceDown: 0,
  moves: 1,
  gameId: `g-${playerId}`,
});

describe('best-of series', () => {
  it('is first to 2 of 3 and to 3 of 5', () => {
    expect(seriesTarget(3)).toBe(2);
    expect(seriesTarget(5)).toBe(3);
  });

  it("scores a game for the race's sole first, nobody for a shared first, and a leaver never wins", () => {
    expect(gameWinner([r('a', 1), r('b', 2)])).toBe('a');
    expect(gameWinner([r('a', 1), r('b', 1)])).toBeUndefined();
    expect(gameWinner([r('a', 1, true), r('b', 2)])).toBe('b');
    expect(gameWinner([r('a', 1, true), r('b', 2, true)])).toBeUndefined();
  });

  it('ends a best of 3 at 2 wins, after a tied game that scored nobody', () => {
    const one = seriesScore(3, [[r('a', 1), r('b', 2)]]);
    expect(one).toStrictEqual({
      bestOf: 3,
      target: 2,
      games: 1,
      score: [
        { playerId: 'a', nickname: 'A', wins: 1 },
        { playerId: 'b', nickname: 'B', wins: 0 },
      ],
      winnerId: null,
    });
    const three = seriesScore(3, [
      [r('a', 1), r('b', 2)],
      [r('a', 1), r('b', 1)],
      [r('b', 2), r('a', 1)],
    ]);
    expect(three.games).toBe(3);
    expect(three.winnerId).toBe('a');
    expect(three.score[0]).toStrictEqual({ playerId: 'a', nickname: 'A', wins: 2 });
  });
});
