import { afterEach, beforeEach, expect, test } from 'vitest';
import { type OpenDb, openDb } from '../../db/open.ts';
import { dailySortKey } from '../sort-key.ts';
import { sqliteBoards } from './boards.ts';

const DAY = '2026-06-01';
let opened: OpenDb;

beforeEach(() => {
  opened = openDb(':memory:');
});
afterEach(() => opened.close());

/** A player and their result of the day, as stored rows. */
function result(i: number, r: { won: boolean; timeMs: number; moves?: number; verified?: boolean; date?: string }) {
  const { sqlite } = opened;
  const id = `p${i}`;
  sqlite
    .prepare(
      'INSERT OR IGNORE INTO players (id, nickname, nickname_key, token_hash, created_at) VALUES (?, ?, ?, ?, 0)',
    )
    .run(id, `Player ${i}`, `player ${i}`, `hash ${i}`);
  const row = { won: r.won, timeMs: r.timeMs, moves: r.moves ?? 50, progress: r.won ? 52 : 20, faceDown: 3 };
  sqlite
    .prepare(
      `INSERT INTO daily_results (date, player_id, game_id, won, time_ms, moves, progress, face_down, verified, sort_key, finished_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      r.date ?? DAY,
      id,
      `g${i}`,
      row.won ? 1 : 0,
      row.timeMs,
      row.moves,
      row.progress,
      row.faceDown,
      r.verified === false ? 0 : 1,
      dailySortKey(row),
      // Finishing order: ties on the key are broken by who finished first.
      1_000 - i,
    );
}

test('pages of the daily board, put together, are the whole board in order with running ranks', async () => {
  result(0, { won: false, timeMs: 90_000 });
  result(1, { won: true, timeMs: 200_000 });
  result(2, { won: true, timeMs: 100_000, moves: 60 });
  result(3, { won: true, timeMs: 100_000, moves: 40 });
  result(4, { won: true, timeMs: 100_000, moves: 40 });
  result(5, { won: true, timeMs: 50_000, verified: false });
  result(6, { won: true, timeMs: 10_000, date: '2026-06-02' });
  result(7, { won: false, timeMs: 80_000 });
  const boards = sqliteBoards(opened.db);

  const pages = [];
  for (let offset = 0; offset < 9; offset += 2) pages.push(...(await boards.daily(DAY, offset, 2)));
  // p4 and p3 tie on time and moves: p4 finished first. Losers follow, the unverified and
  // the other day's result nowhere.
  expect(pages.map((r) => [r.rank, r.playerId, r.nickname])).toEqual([
    [1, 'p4', 'Player 4'],
    [2, 'p3', 'Player 3'],
    [3, 'p2', 'Player 2'],
    [4, 'p1', 'Player 1'],
    [5, 'p7', 'Player 7'],
    [6, 'p0', 'Player 0'],
  ]);
  expect(await boards.daily(DAY, 6, 2)).toEqual([]);
  expect((await boards.dailyRankOf(DAY, 'p2'))?.rank).toBe(3);
});

/** A player with all-time totals, as the result transaction keeps them. */
function totals(i: number, wins: number, bestStreak: number) {
  opened.sqlite
    .prepare('INSERT INTO players (id, nickname, nickname_key, token_hash, created_at) VALUES (?, ?, ?, ?, 0)')
    .run(`s${i}`, `Stats ${i}`, `stats ${i}`, `stats hash ${i}`);
  opened.sqlite
    .prepare(
      `INSERT INTO player_stats (player_id, daily_played, daily_wins, current_streak, best_streak, last_win_date, best_time_ms)
       VALUES (?, ?, ?, 0, ?, NULL, NULL)`,
    )
    .run(`s${i}`, wins + 1, wins, bestStreak);
}

/** Every page of a board, `size` rows at a time, put together. */
async function allPages<T>(read: (offset: number, limit: number) => Promise<T[]>, size: number): Promise<T[]> {
  const rows: T[] = [];
  for (let offset = 0; ; offset += size) {
    const page = await read(offset, size);
    rows.push(...page);
    if (page.length < size) return rows;
  }
}

test('pages of the all-time boards, put together, are each whole board in order; ties end with the player id', async () => {
  for (const [i, wins, streak] of [
    [1, 5, 2],
    [2, 9, 1],
    [3, 5, 4],
    [4, 5, 2],
    [5, 0, 0],
  ] as const) {
    totals(i, wins, streak);
  }
  const boards = sqliteBoards(opened.db);
  expect((await allPages((o, l) => boards.mostWins(o, l), 2)).map((r) => r.playerId)).toEqual([
    's2',
    's3',
    's4',
    's1',
    's5',
  ]);
  expect((await allPages((o, l) => boards.longestStreaks(o, l), 2)).map((r) => r.playerId)).toEqual([
    's3',
    's4',
    's1',
    's2',
    's5',
  ]);

  result(0, { won: true, timeMs: 300_000 });
  result(1, { won: true, timeMs: 100_000, date: '2026-06-02' });
  result(2, { won: true, timeMs: 100_000 });
  result(3, { won: false, timeMs: 50_000 });
  result(4, { won: true, timeMs: 20_000, verified: false });
  result(5, { won: true, timeMs: 200_000 });
  const fastest = await allPages((o, l) => boards.fastestWins(o, l), 2);
  // p1 and p2 tie on time: p2 finished first (finishing order runs backwards from p0).
  expect(fastest.map((r) => [r.rank, r.playerId, r.date])).toEqual([
    [1, 'p2', DAY],
    [2, 'p1', '2026-06-02'],
    [3, 'p5', DAY],
    [4, 'p0', DAY],
  ]);
});
