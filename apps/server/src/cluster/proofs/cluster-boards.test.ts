import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DailyBoard } from '@scorpion/protocol';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { signUp } from '../../test/client.ts';
import { type RunningServer, startServer } from '../../test/helper.ts';
import { getJson } from '../../test/http.ts';
import { storeDailyResult } from '../../test/results.ts';
import { openRedis, type RedisLinks } from '../adapters/redis-links.ts';
import { freePort } from '../launcher/engines/ports.ts';
import { type RunningRedis, startRedis } from '../launcher/engines/redis.ts';

const DATE = '2026-02-02';

let dir: string;
let redis: RunningRedis;
let links: RedisLinks;
let server: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cluster-boards-'));
  redis = await startRedis({ dir: join(dir, 'redis'), port: await freePort() });
  links = await openRedis(redis.url);
  server = await startServer({ databasePath: join(dir, 'scorpion.db'), redisUrl: redis.url, nodeId: 'a' });
});

afterAll(async () => {
  await server?.close();
  await links?.close();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test("the daily board's own row takes its rank from Redis once the day's set is built", async () => {
  const { repos } = server.app;
  const players = [];
  for (let i = 0; i < 30; i++) players.push(await signUp(server.url, `Racer${i}`));
  // Times in threes, finishing together: ties everywhere but the id.
  for (const [i, p] of players.entries())
    await storeDailyResult(repos.games, { date: DATE, playerId: p.id, timeMs: 90_000 + Math.floor(i / 3) * 1000 });
  const me = players[13]!;
  const board = async () =>
    (await getJson(`${server.url}/api/leaderboards/daily?date=${DATE}`, DailyBoard, me.cookie)).body;
  const expected = (await repos.boards.dailyRankOf(DATE, me.id))!.rank;

  // The first ask finds no set: SQL answers and the set is built.
  expect((await board()).me?.rank).toBe(expected);
  await vi.waitFor(async () => expect(await links.commands.zcard(`board:${DATE}`)).toBe(30));
  const sql = vi.spyOn(repos.boards, 'dailyRankOf');
  expect((await board()).me?.rank).toBe(expected);
  expect(sql).not.toHaveBeenCalled();
  sql.mockRestore();

  // A flagged result, the fastest of all, stays out of the set; a result stored after it goes in.
  const scout = await signUp(server.url, 'Scout');
  const late = await signUp(server.url, 'Late');
  await storeDailyResult(repos.games, { date: DATE, playerId: scout.id, timeMs: 1_000, flag: 'address' });
  await storeDailyResult(repos.games, { date: DATE, playerId: late.id, timeMs: 500_000 });
  await vi.waitFor(async () => expect(await links.commands.zcard(`board:${DATE}`)).toBe(31));
  const members = await links.commands.zrange(`board:${DATE}`, 0, -1);
  expect(members.some((m) => m.includes(scout.id))).toBe(false);
  expect(members.at(-1)).toContain(late.id);
  expect((await board()).me?.rank).toBe(expected);
  const scoutBoard = await getJson(`${server.url}/api/leaderboards/daily?date=${DATE}`, DailyBoard, scout.cookie);
  expect(scoutBoard.body).toMatchObject({ played: 31, me: null });
  expect(scoutBoard.body.rows[0]?.nickname).not.toBe('Scout');
});
