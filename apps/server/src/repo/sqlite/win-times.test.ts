import { histogram } from '@scorpion/protocol';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { type OpenDb, openDb } from '../../db/open.ts';
import { storeDailyResult } from '../../test/results.ts';
import { dailySortKey } from '../sort-key.ts';
import type { GamesRepo, TimeCounts } from '../types.ts';
import { sqliteGames } from './games.ts';
import { sqliteWinTimes } from './win-times.ts';

const DAY = '2026-06-01';
let opened: OpenDb;
let games: GamesRepo;
let stored: { date: string; won: boolean; verified: boolean; timeMs: number }[];

beforeEach(() => {
  opened = openDb(':memory:');
  games = sqliteGames(opened.db, opened.sqlite, 'normal');
  stored = [];
});
afterEach(() => opened.close());

/** One ranked daily result, stored the way a finished game stores it (counters included). */
async function result(r: { timeMs: number; won?: boolean; verified?: boolean; date?: string }) {
  const row = { date: DAY, won: true, verified: true, ...r };
  await storeDailyResult(games, { ...row, playerId: `p${stored.length}` });
  stored.push(row);
}

/** What the tally must agree with: every verified win of the day, one by one. */
const expected = (date = DAY) =>
  histogram(
    stored.filter((r) => r.date === date && r.won && r.verified).map((r) => [r.timeMs, 1] as const),
    undefined,
  );
const sorted = (counts: TimeCounts) => [...counts].sort((a, b) => a[0] - b[0]);

test('a long way behind the newest row, the day is counted again', async () => {
  const tally = sqliteWinTimes(opened.db, 8, 3);
  for (let i = 0; i < 5; i++) await result({ timeMs: 60_000 + i * 10_000 });
  expect(histogram(tally(DAY), undefined)).toEqual(expected());
  for (let i = 0; i < 6; i++) await result({ timeMs: 200_000 + i * 10_000 });
  expect(histogram(tally(DAY), undefined)).toEqual(expected());
});

test('a win the catch-up cannot see (an old rowid, as after a VACUUM) moves the counter, so the day is counted again', async () => {
  const tally = sqliteWinTimes(opened.db);
  for (let i = 0; i < 5; i++) await result({ timeMs: 60_000 + i * 10_000 });
  const sqlite = opened.sqlite;
  // Free rowid 1 by moving its row to the end, then count.
  sqlite.prepare('UPDATE daily_results SET rowid = (SELECT max(rowid) + 1 FROM daily_results) WHERE rowid = 1').run();
  expect(histogram(tally(DAY), undefined)).toEqual(expected());

  sqlite
    .prepare(
      `INSERT INTO daily_results (rowid, date, player_id, game_id, won, time_ms, moves, progress, face_down, verified, sort_key, finished_at)
       VALUES (1, ?, 'late', 'late', 1, 10000, 40, 104, 0, 1, ?, 99)`,
    )
    .run(DAY, dailySortKey({ won: true, timeMs: 10_000, moves: 40, progress: 104, faceDown: 0 }));
  sqlite.prepare('UPDATE daily_counts SET played = played + 1, won = won + 1 WHERE date = ?').run(DAY);
  stored.push({ date: DAY, won: true, verified: true, timeMs: 10_000 });
  expect(histogram(tally(DAY), undefined)).toEqual(expected());
});

test('keeps only the most recent days in memory, and counts a dropped day again when asked', async () => {
  const tally = sqliteWinTimes(opened.db, 1);
  await result({ timeMs: 61_000 });
  await result({ timeMs: 61_000, date: '2026-06-02' });
  expect(tally(DAY)).toEqual([[60_000, 1]]);
  expect(tally('2026-06-02')).toEqual([[60_000, 1]]);
  await result({ timeMs: 120_000 });
  expect(sorted(tally(DAY))).toEqual([
    [60_000, 1],
    [120_000, 1],
  ]);
});
