import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TestClient } from '../../test/client.ts';
import { fixedDeals, WINNING } from '../../test/deals.ts';
import { type RunningServer, startServer } from '../../test/helper.ts';
import { joinRoom, openRoom, players } from '../../test/rooms.ts';
import { NOT_OWNER } from '../../ws/close-codes.ts';
import { freePort } from '../launcher/engines/ports.ts';
import { type RunningRedis, startRedis } from '../launcher/engines/redis.ts';

let dir: string;
let redis: RunningRedis;
let a: RunningServer;
let b: RunningServer;
let clock = Date.UTC(2026, 5, 1, 12, 0, 0);
/** Leases renewed only when the test ticks them: one lapses when the test says. */
const LEASE_MS = 5_000;

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
  };
  a = await startServer({ ...common, nodeId: 'a' });
  b = await startServer({ ...common, nodeId: 'b' });
});

afterAll(async () => {
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
