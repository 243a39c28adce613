import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WATCH_REFUSED } from '@scorpion/protocol';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TestClient } from '../../test/client.ts';
import { fixedDeals, WINNING } from '../../test/deals.ts';
import { type RunningServer, startServer } from '../../test/helper.ts';
import { joinRoom, openRoom, players } from '../../test/rooms.ts';
import { visitorsCounted } from '../../test/visitors-counted.ts';
import { NOT_OWNER } from '../../ws/close-codes.ts';
import { freePort } from '../launcher/engines/ports.ts';
import { type RunningRedis, startRedis } from '../launcher/engines/redis.ts';

let dir: string;
let redis: RunningRedis;
let a: RunningServer;
let b: RunningServer;
/** The test's own look into Redis: how many visitors' sockets it counts, over both processes. */
let look: Redis;
let clock = Date.UTC(2026, 5, 1, 12, 0, 0);
/** Leases renewed only when the test ticks them: one lapses when the test says. */
const LEASE_MS = 5_000;
/** Visitors' sockets of one address (every socket here comes from loopback), over the cluster. */
const PER_ADDRESS = 2;

// Two processes of a cluster in one (one SQLite file, one real Redis), on one injected clock.
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cluster-visitor-'));
  redis = await startRedis({ dir: join(dir, 'redis'), port: await freePort() });
  const databasePath = join(dir, 'scorpion.db');
  const common = {
    databasePath,
    redisUrl: redis.url,
    deals: fixedDeals,
    countdownMs: 0,
    absentGraceMs: 600_000,
    lease: { leaseMs: LEASE_MS, renewMs: 0 },
    now: () => clock,
    rateLimit: { perSecond: 20, burst: 40, watchersPerAddress: PER_ADDRESS },
  };
  a = await startServer({ ...common, nodeId: 'a' });
  b = await startServer({ ...common, nodeId: 'b' });
  look = new Redis(redis.url);
});

afterAll(async () => {
  look?.disconnect();
  await b?.close();
  await a?.close();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test("a visitor's socket is sent to the room's owner as a member's is, follows the race there, and to its next owner", async () => {
  const [host, racer] = await players(a, 'Owner Olga', 'Racer Ray');
  const code = await openRoom(host!.client);
  await joinRoom(racer!.client, code);
  host!.client.send({ type: 'room-start', code });
  const hostGame = (await host!.client.next('game')).game;
  await racer!.client.next('game');

  // Off the owner: closed with the owner's node id, as a member's room socket would be.
  const astray = new TestClient(`${b.wsUrl}?room=${code}&watch=1`, undefined);
  expect(await astray.closed).toEqual({ code: NOT_OWNER, reason: 'a' });
  expect(astray.frames).toEqual([]);
  // Let go there once the server has seen its close too.
  await expect.poll(() => b.app.visitors.size).toBe(0);

  const visitor = new TestClient(`${a.wsUrl}?room=${code}&watch=1&node=a`, undefined);
  expect((await visitor.next('watching')).room).toMatchObject({ code, status: 'racing' });
  await host!.client.play(hostGame, WINNING.moves.slice(0, 2));
  await visitor.next('race-progress', (f) => f.racers.some((r) => r.playerId === host!.id && r.moves === 2));
  // Not a player online anywhere: no presence of theirs reaches the other process.
  expect(b.app.online()).toBe(2);

  // The owner's lease lapses and B takes the race over: A sends the visitor to B, where it
  // is greeted with the race going on.
  clock += LEASE_MS + 1;
  await b.app.hub.tickLeases();
  await a.app.hub.tickLeases();
  expect(await visitor.closed).toEqual({ code: NOT_OWNER, reason: 'b' });
  const moved = new TestClient(`${b.wsUrl}?room=${code}&watch=1&node=b`, undefined);
  expect((await moved.next('watching')).room).toMatchObject({ code, status: 'racing' });
  await moved.next('race-progress', (f) => f.racers.some((r) => r.playerId === host!.id && r.moves === 2));

  moved.socket.close();
  for (const p of [host!, racer!]) p.client.socket.close();
});

/** Every visitor's socket Redis counts, whatever its address. */
const counted = () => visitorsCounted(look);

test("one address's visitors are counted over the cluster: a room's owner refuses one past the limit however few it has, and a close frees a place on every process", async () => {
  await expect.poll(counted).toBe(0);
  const [ola] = await players(a, 'Owner Ola');
  const onA = await openRoom(ola!.client);
  // Pat's room is made on B: B owns it, and its visitors are B's.
  const [pat] = await players(b, 'Owner Pat');
  const onB = await openRoom(pat!.client);
  const watch = (server: RunningServer, code: string, node: string) =>
    new TestClient(`${server.wsUrl}?room=${code}&watch=1&node=${node}`, undefined);

  const first = watch(a, onA, 'a');
  await first.next('watching');
  const second = watch(b, onB, 'b');
  await second.next('watching');
  expect([a.app.visitors.size, b.app.visitors.size]).toEqual([1, 1]);
  // One each here, two in the cluster: neither process lets a third in.
  for (const [server, code, node] of [
    [a, onA, 'a'],
    [b, onB, 'b'],
  ] as const) {
    const third = watch(server, code, node);
    expect(await third.next('error')).toMatchObject({ code: 'too-many-watchers' });
    expect((await third.closed).code).toBe(WATCH_REFUSED);
  }

  second.socket.close();
  await expect.poll(counted).toBe(1);
  const again = watch(a, onA, 'a');
  await again.next('watching');
  expect(a.app.visitors.size).toBe(2);

  for (const c of [first, again, ola!.client, pat!.client]) c.socket.close();
  await expect.poll(counted).toBe(0);
});
