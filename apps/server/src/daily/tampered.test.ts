import { AllTimeBoard, DailyBoard, DailyTimes } from '@scorpion/protocol';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { z } from 'zod';
import { signUp, TestClient } from '../test/client.ts';
import { fixedDeals, WINNING } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { getJson } from '../test/http.ts';

let server: RunningServer;
let db: Database.Database;
let clock = Date.UTC(2026, 5, 1, 12, 0, 0);

beforeAll(async () => {
  server = await startServer({ deals: fixedDeals, now: () => clock });
  // A second connection to the same file: what someone with access to the database could do.
  db = new Database(server.databasePath);
});
afterAll(async () => {
  db.close();
  await server.close();
});

const get = <S extends z.ZodType>(path: string, schema: S, cookie?: string) =>
  getJson(`${server.url}${path}`, schema, cookie);

const verifiedOf = (playerId: string) =>
  (db.prepare('SELECT verified FROM daily_results WHERE player_id = ?').get(playerId) as { verified: number }).verified;

/**
 * Today's daily won over the socket with the winning line; `tamper` runs on the database after
 * the first three moves are stored. The game in memory plays on as if nothing happened.
 */
async function winDaily(cookie: string, tamper?: (gameId: string) => void) {
  const client = await TestClient.connect(server.wsUrl, cookie);
  client.send({ type: 'daily-join' });
  let game = (await client.next('game')).game;
  for (const [i, move] of WINNING.moves.entries()) {
    if (i === 3) tamper?.(game.gameId);
    clock += 1000;
    game = await client.play(game, [move]);
  }
  expect(game.status).toBe('won');
  await client.close();
}

test('a daily win whose stored actions were changed or removed is not on the board and counts for nothing', async () => {
  const alice = await signUp(server.url, 'Alice');
  const mallory = await signUp(server.url, 'Mallory');
  const trudy = await signUp(server.url, 'Trudy');
  await winDaily(alice.cookie);
  // Mallory's second action now moves a face-down card: the stored list no longer replays.
  await winDaily(mallory.cookie, (gameId) => {
    const faceDown = JSON.stringify({ kind: 'move', from: 0, row: 0, to: 1 });
    db.prepare('UPDATE actions SET action = ? WHERE game_id = ? AND seq = 1').run(faceDown, gameId);
  });
  // Trudy's first action is gone: what is stored replays to another position.
  await winDaily(trudy.cookie, (gameId) => {
    db.prepare('DELETE FROM actions WHERE game_id = ? AND seq = 0').run(gameId);
  });
  expect([alice, mallory, trudy].map((p) => verifiedOf(p.id))).toEqual([1, 0, 0]);

  const cheats = [mallory.id, trudy.id];
  const board = await get('/api/leaderboards/daily', DailyBoard, mallory.cookie);
  expect(board.body).toMatchObject({ played: 1, won: 1, me: null });
  expect(board.body.rows.map((r) => r.playerId)).toEqual([alice.id]);

  const times = await get('/api/leaderboards/daily/times', DailyTimes, mallory.cookie);
  expect(times.body).toMatchObject({ played: 1, won: 1 });
  expect(times.body.bins.reduce((n, b) => n + b.count, 0)).toBe(1);
  expect(times.body.bins.some((b) => b.mine)).toBe(false);

  for (const kind of ['wins', 'streak', 'fastest']) {
    const allTime = await get(`/api/leaderboards/all-time?board=${kind}`, AllTimeBoard);
    expect(allTime.body.rows.map((r) => r.playerId)).toEqual([alice.id]);
  }
  expect((await get('/api/leaderboards/all-time', AllTimeBoard)).body.rows[0]).toMatchObject({
    playerId: alice.id,
    dailyPlayed: 1,
    dailyWins: 1,
  });
  for (const id of cheats) expect(board.body.rows.map((r) => r.playerId)).not.toContain(id);
});
