import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type ChildServer, spawnServer } from '../../test/child.ts';
import { signUp, TestClient } from '../../test/client.ts';
import { testPostgres } from '../../test/postgres.ts';
import { NOT_OWNER } from '../../ws/close-codes.ts';
import { freePort } from '../launcher/engines/ports.ts';
import { type RunningRedis, startRedis } from '../launcher/engines/redis.ts';

/*
 * The quick-race queue across two real server processes on one PostgreSQL and one Redis: the
 * queue is Redis's, so two players whose sockets are on different processes are paired, and
 * each finds the room on whichever process made it.
 */
const postgres = testPostgres('cluster-queue');
let dir: string;
let redis: RunningRedis;
const servers: ChildServer[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cluster-queue-'));
  redis = await startRedis({ dir, port: await freePort() });
  const env = {
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    SCORPION_SECRET: `cluster-queue-secret-${'x'.repeat(32)}`,
    CERTIFY: 'none',
    RACE_COUNTDOWN_MS: '500',
    // Each test socket names its own address (X-Forwarded-For), as players behind a proxy.
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'info',
  };
  // One after the other: both migrate the same database at start.
  servers.push(await spawnServer({ ...env, NODE_ID: 'a' }));
  servers.push(await spawnServer({ ...env, NODE_ID: 'b' }));
}, 120_000);

afterAll(async () => {
  for (const s of servers) s.process.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** A room page's socket: `?room=CODE` lands anywhere, and a 4009 names the owner to go to. */
async function roomSocket(code: string, cookie: string, address: string): Promise<TestClient> {
  for (const s of servers) {
    const client = new TestClient(`${s.wsUrl}?room=${code}`, cookie, { forwardedFor: address });
    const outcome = await Promise.race([client.next('welcome', () => true, 30_000), client.closed]);
    if ('type' in outcome) return client;
    expect(outcome).toMatchObject({ code: NOT_OWNER });
  }
  throw new Error(`no process owns room ${code}`);
}

test('two players queueing on different processes are paired into one rated room, and race in it', async () => {
  const [a, b] = servers as [ChildServer, ChildServer];
  const ann = await signUp(a.url, 'Cluster Ann');
  const bob = await signUp(b.url, 'Cluster Bob');
  const annSocket = await TestClient.connect(a.wsUrl, ann.cookie, { forwardedFor: '10.1.0.1' });
  const bobSocket = await TestClient.connect(b.wsUrl, bob.cookie, { forwardedFor: '10.2.0.2' });
  const join = { type: 'queue-join', variant: 'scorpion', options: { foundations: false, open: false } } as const;
  annSocket.send(join);
  await annSocket.next('queue');
  bobSocket.send(join);
  expect((await bobSocket.next('queue')).waiting).toBe(2);

  // Each process looks at the queue every 2 s; whichever claims the pair first makes the room.
  const [toAnn, toBob] = await Promise.all([
    annSocket.next('queue-matched', () => true, 15_000),
    bobSocket.next('queue-matched', () => true, 15_000),
  ]);
  expect(toAnn.code).toBe(toBob.code);
  expect(toAnn.players.map((p) => p.nickname).sort()).toStrictEqual(['Cluster Ann', 'Cluster Bob']);

  const rooms = await Promise.all([
    roomSocket(toAnn.code, ann.cookie, '10.1.0.1'),
    roomSocket(toAnn.code, bob.cookie, '10.2.0.2'),
  ]);
  for (const client of rooms) {
    client.send({ type: 'room-join', code: toAnn.code });
    const room = await client.next('room', (f) => f.room.code === toAnn.code);
    expect(room.room).toMatchObject({ rated: true, winnableOnly: true });
    expect(room.room.members.map((m) => m.nickname).sort()).toStrictEqual(['Cluster Ann', 'Cluster Bob']);
    expect((await client.next('game', (f) => f.game.kind === 'race', 15_000)).game.status).toBe('playing');
  }
  await Promise.all([annSocket.close(), bobSocket.close(), ...rooms.map((c) => c.close())]);
}, 60_000);
