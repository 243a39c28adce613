import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { openRedis, type RedisLinks } from '../cluster/adapters/redis-links.ts';
import { freePort } from '../cluster/launcher/engines/ports.ts';
import { type RunningRedis, startRedis } from '../cluster/launcher/engines/redis.ts';
import { signUp, TestClient } from '../test/client.ts';
import { fixedDeals, WINNING } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { testPostgres } from '../test/postgres.ts';
import { tableKey } from './scoring.ts';

/*
 * Cluster mode with Redis, two in-process servers on one PostgreSQL: an arena's table reaches
 * each process through Redis's shared table (`shared-table.ts`), not by reading the whole arena
 * from the database on every sweep; with Redis down the sweep reads the database, and once Redis
 * is back (restarted empty) the table is rebuilt from it and shared again. The sweeps run when
 * the test calls `tick()` (`arenaTickMs: 0`); each step waits for a frame or a key. Four servers
 * and a dozen steps each: a minute allowed on a loaded machine.
 */
const postgres = testPostgres('pg-arena-shared');
let dir: string;
let redis: RunningRedis;
let links: RedisLinks;
const servers: RunningServer[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'arena-shared-'));
  redis = await startRedis({ dir: join(dir, 'redis'), port: await freePort() });
  links = await openRedis(redis.url);
});

afterAll(async () => {
  for (const server of servers) await server.close();
  await links?.close();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A clock two minutes into the hourly arena of `hour` on 2026-12-06, and that arena's id. */
function arenaAt(hour: number) {
  const h = String(hour).padStart(2, '0');
  const shift = Date.parse(`2026-12-06T${h}:02:00Z`) - Date.now();
  return { arenaId: `h-2026-12-06T${h}`, now: () => Date.now() + shift };
}

async function start(nodeId: string, now: () => number): Promise<RunningServer> {
  const server = await startServer({
    databaseUrl: postgres.url,
    redisUrl: redis.url,
    deals: fixedDeals,
    now,
    nodeId,
    arenaTickMs: 0,
  });
  servers.push(server);
  return server;
}

/** The player's client joins and is sent the table. */
async function joined(server: RunningServer, cookie: string, arenaId: string): Promise<TestClient> {
  const client = await TestClient.connect(server.wsUrl, cookie);
  client.send({ type: 'arena-join', arenaId });
  await client.next('arena-standings');
  return client;
}

async function win(client: TestClient, arenaId: string, deal: number): Promise<void> {
  client.send({ type: 'arena-next', arenaId, deal, berserk: false });
  expect((await client.play((await client.next('game')).game, WINNING.moves)).status).toBe('won');
}

/** Sweeps every process until the arena's shared table is built in Redis. */
async function sharedBuilt(arenaId: string, ...on: RunningServer[]): Promise<void> {
  await vi.waitFor(
    async () => {
      for (const server of on) await server.app.arenas.tick();
      expect(await links.commands.exists(`arena:${arenaId}:built`)).toBe(1);
    },
    { timeout: 10_000, interval: 50 },
  );
}

/** Spies on the reads of a whole arena's results and players from the database (a player's own are not). */
function wholeArenaReads(server: RunningServer) {
  const { arenas } = server.app.repos;
  const results = vi.spyOn(arenas, 'results');
  const players = vi.spyOn(arenas, 'players');
  return {
    count: () => results.mock.calls.filter(([, playerId]) => playerId === undefined).length + players.mock.calls.length,
    restore: () => {
      results.mockRestore();
      players.mockRestore();
    },
  };
}

/** Sweeps `server` until its table gives `playerId` the points `points`. */
async function sweptUntil(server: RunningServer, arenaId: string, playerId: string, points: number[]): Promise<void> {
  await vi.waitFor(
    async () => {
      await server.app.arenas.tick();
      const row = server.app.arenas.cached(arenaId)?.table().rowOf(playerId);
      expect(row?.points).toStrictEqual(points);
    },
    { timeout: 10_000, interval: 50 },
  );
}

test('the standings reach the other process from Redis: its sweeps read no whole arena from the database, fire and streak stay exact, and an entry left behind is brought up to storage', async () => {
  const { arenaId, now } = arenaAt(13);
  const one = await start('n1', now);
  const two = await start('n2', now);
  const ann = await signUp(one.url, 'Sh Ann');
  const ben = await signUp(two.url, 'Sh Ben');
  const a = await joined(one, ann.cookie, arenaId);
  const b = await joined(two, ben.cookie, arenaId);
  await sharedBuilt(arenaId, one, two);
  const reads = [wholeArenaReads(one), wholeArenaReads(two)];

  await win(a, arenaId, 1);
  await sweptUntil(two, arenaId, ann.id, [2]);
  const seen = await b.next('arena-standings', (f) => f.top[0]?.score === 2);
  expect(seen.top.map((r) => [r.rank, r.player.nickname, r.score])).toStrictEqual([
    [1, 'Sh Ann', 2],
    [2, 'Sh Ben', 0],
  ]);

  // Ann's second deal on the other process: the first one hears of it, on fire, from Redis.
  const other = await TestClient.connect(two.wsUrl, ann.cookie);
  await win(other, arenaId, 2);
  await sweptUntil(one, arenaId, ann.id, [2, 2]);
  const onFire = await a.next('arena-standings', (f) => f.top[0]?.points.length === 2);
  expect(onFire.top[0]).toMatchObject({ score: 4, fire: true, streak: 2, points: [2, 2], deal: 2, playing: false });
  for (let i = 0; i < 3; i++) for (const server of [one, two]) await server.app.arenas.tick();
  expect(reads.map((r) => r.count())).toStrictEqual([0, 0]);
  for (const r of reads) r.restore();

  // The sorted set holds each player at their sheet's key, in the table's order.
  const sheetOf = (id: string) => one.app.arenas.cached(arenaId)!.sheetOf(id);
  expect(Number(await links.commands.zscore(`arena:${arenaId}:table`, ann.id))).toBe(tableKey(sheetOf(ann.id)));
  expect(await links.commands.zrange(`arena:${arenaId}:table`, 0, -1)).toStrictEqual([ann.id, ben.id]);

  // A process killed between storing Ann's wins and sharing them would leave her entry behind:
  // the next process to take the arena up (here a new one, restoring it at its start) brings it
  // up to storage.
  await links.commands.hset(`arena:${arenaId}:rows`, ann.id, JSON.stringify({ v: 1, name: 'Sh Ann', results: [] }));
  await links.commands.zadd(`arena:${arenaId}:table`, 0, ann.id);
  await start('n5', now);
  await vi.waitFor(
    async () => {
      const key = Number(await links.commands.zscore(`arena:${arenaId}:table`, ann.id));
      expect(key).toBe(tableKey(sheetOf(ann.id)));
    },
    { timeout: 10_000, interval: 50 },
  );
  const entry = JSON.parse((await links.commands.hget(`arena:${arenaId}:rows`, ann.id))!);
  expect(entry.results.map((r: { arenaDeal: number; status: string }) => [r.arenaDeal, r.status])).toStrictEqual([
    [1, 'won'],
    [2, 'won'],
  ]);
  for (const c of [a, b, other]) await c.close();
}, 60_000);

test('Redis down mid-arena: the sweeps read the database and the standings stay right; back (emptied), the table is rebuilt and shared again', async () => {
  const { arenaId, now } = arenaAt(15);
  const three = await start('n3', now);
  const four = await start('n4', now);
  const cat = await signUp(three.url, 'Sh Cat');
  const dan = await signUp(four.url, 'Sh Dan');
  const c = await joined(three, cat.cookie, arenaId);
  const d = await joined(four, dan.cookie, arenaId);
  await sharedBuilt(arenaId, three, four);

  await redis.stop();
  for (const server of [three, four])
    await vi.waitFor(() => expect(server.app.redis!.commands.status).not.toBe('ready'), { timeout: 10_000 });
  // Cat wins on one process with Redis away; the other reads it from the database.
  const down = wholeArenaReads(four);
  await win(c, arenaId, 1);
  await sweptUntil(four, arenaId, cat.id, [2]);
  expect(down.count()).toBeGreaterThan(0);
  down.restore();
  const seen = await d.next('arena-standings', (f) => f.top[0]?.score === 2);
  expect(seen.top.map((r) => [r.player.nickname, r.score])).toStrictEqual([
    ['Sh Cat', 2],
    ['Sh Dan', 0],
  ]);

  // Back, empty: rebuilt from the database, with Cat's win that Redis never heard of.
  redis = await startRedis({ dir: join(dir, 'redis'), port: redis.port });
  for (const server of [three, four])
    await vi.waitFor(() => expect(server.app.redis!.commands.status).toBe('ready'), { timeout: 20_000 });
  await sharedBuilt(arenaId, three, four);
  const catKey = tableKey(three.app.arenas.cached(arenaId)!.sheetOf(cat.id));
  expect(Number(await links.commands.zscore(`arena:${arenaId}:table`, cat.id))).toBe(catKey);

  // From now on Redis again: Dan's wins reach Cat's process without a whole read, twice on fire.
  const up = wholeArenaReads(three);
  await win(d, arenaId, 1);
  await win(d, arenaId, 2);
  await win(d, arenaId, 3);
  await sweptUntil(three, arenaId, dan.id, [2, 2, 4]);
  const after = await c.next('arena-standings', (f) => f.top[0]?.score === 8);
  expect(after.top.map((r) => [r.player.nickname, r.score, r.fire, r.streak, r.points])).toStrictEqual([
    ['Sh Dan', 8, true, 3, [2, 2, 4]],
    ['Sh Cat', 2, false, 1, [2]],
  ]);
  expect(up.count()).toBe(0);
  up.restore();
  for (const client of [c, d]) await client.close();
}, 60_000);
