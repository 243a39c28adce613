import { expect, test } from 'vitest';
import { type Finisher, rankRace } from './ranking.ts';

const f = (
  playerId: string,
  won: boolean,
  timeMs: number,
  progress: number,
  faceDown: number,
  moves: number,
): Finisher => ({
  playerId,
  nickname: playerId,
  won,
  gaveUp: !won,
  timeMs,
  progress,
  faceDown,
  moves,
  gameId: `g-${playerId}`,
});

test('winners by time, then the rest by progress, face-down cards left, moves; ties share a rank', () => {
  const ranked = rankRace([
    f('slowWin', true, 90_000, 52, 0, 60),
    f('fastWin', true, 60_000, 52, 0, 80),
    f('far', false, 1, 30, 2, 100),
    f('near', false, 1, 40, 5, 100),
    f('fewerDown', false, 1, 30, 1, 100),
    f('tieA', false, 1, 10, 4, 50),
    f('tieB', false, 1, 10, 4, 50),
  ]);
  expect(ranked.map((r) => [r.playerId, r.rank])).toEqual([
    ['fastWin', 1],
    ['slowWin', 2],
    ['near', 3],
    ['fewerDown', 4],
    ['far', 5],
    ['tieA', 6],
    ['tieB', 6],
  ]);
});

test('players sharing a rank are listed by id code unit by code unit, whatever case their ids start with', () => {
  // 'd…' sorts before 'J…' by locale and after it by code unit: the order must not depend on which.
  const ranked = rankRace([f('d03WGAjpKYc8ryNr', false, 1, 1, 9, 8), f('JmRCjACIYYuZu-tj', false, 1, 1, 9, 8)]);
  expect(ranked.map((r) => [r.playerId, r.rank])).toEqual([
    ['JmRCjACIYYuZu-tj', 1],
    ['d03WGAjpKYc8ryNr', 1],
  ]);
  // The stores read a race's results back in this order too (repo/contract/rooms-races.ts).
});
