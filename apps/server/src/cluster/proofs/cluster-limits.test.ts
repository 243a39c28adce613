import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiError } from '@scorpion/protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUp, TestClient } from '../../test/client.ts';
import { type RunningServer, startServer } from '../../test/helper.ts';
import { openRoom } from '../../test/rooms.ts';
import { freePort } from '../launcher/engines/ports.ts';
import { type RunningRedis, startRedis } from '../launcher/engines/redis.ts';

const HOUR = 3_600_000;
const LIMITS = {
  signup: { max: 4, windowMs: 24 * HOUR },
  roomCreate: { max: 2, windowMs: HOUR },
  roomLookup: { max: 2, windowMs: HOUR },
};

let dir: string;
let redis: RunningRedis;
let a: RunningServer;
let b: RunningServer;

// Two processes of one cluster (two app instances on one SQLite file) counting in one Redis.
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cluster-limits-'));
  redis = await startRedis({ dir: join(dir, 'redis'), port: await freePort() });
  const databasePath = join(dir, 'scorpion.db');
  a = await startServer({ databasePath, redisUrl: redis.url, nodeId: 'a', limits: LIMITS });
  b = await startServer({ databasePath, redisUrl: redis.url, nodeId: 'b', limits: LIMITS });
});

afterAll(async () => {
  await b?.close();
  await a?.close();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const signUpStatus = async (server: RunningServer, nickname: string) =>
  (
    await fetch(`${server.url}/api/players`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nickname }),
    })
  ).status;

test("a player's rooms created are counted across processes", async () => {
  const { cookie } = await signUp(a.url, 'Host');
  const create = {
    type: 'room-create',
    variant: 'scorpion',
    options: { foundations: false, open: false },
    timeLimit: 0,
    winnableOnly: false,
  } as const;
  const onA = await TestClient.connect(a.wsUrl, cookie);
  const onB = await TestClient.connect(b.wsUrl, cookie);
  onA.send(create);
  await onA.next('room');
  onB.send(create);
  await onB.next('room');
  onA.send(create);
  expect(await onA.next('error')).toMatchObject({ code: 'rate-limited', ref: 'room-create' });
  onB.send(create);
  expect(await onB.next('error')).toMatchObject({ code: 'rate-limited', ref: 'room-create' });
  await Promise.all([onA.close(), onB.close()]);
});

test("a member's room-joins, sent away by a process that does not own the room too, spend no look-ups", async () => {
  const { cookie } = await signUp(a.url, 'Rejoiner');
  const onA = await TestClient.connect(a.wsUrl, cookie);
  const code = await openRoom(onA);
  // Every reconnection sends a room-join: here five times the budget of two, on the owner...
  for (let i = 0; i < 5; i++) {
    onA.send({ type: 'room-join', code });
    await onA.next('room', (f) => f.room.code === code);
  }
  // ...and on the other process, which sends the socket to the owner (as during a takeover).
  for (let i = 0; i < 5; i++) {
    const onB = await TestClient.connect(b.wsUrl, cookie);
    onB.send({ type: 'room-join', code });
    expect(await onB.closed).toEqual({ code: 4009, reason: 'a' });
  }
  // The budget is whole: two look-ups of rooms the player is not in, one process each, then no more.
  const lookUp = async (server: RunningServer, other: string) => {
    const client = await TestClient.connect(server.wsUrl, cookie);
    client.send({ type: 'room-join', code: other });
    const answer = await client.next('error', (e) => e.ref === 'room-join');
    await client.close();
    return answer.code;
  };
  expect([await lookUp(a, 'ZZZZZZ'), await lookUp(b, 'YYYYYY'), await lookUp(a, 'XXXXXX')]).toEqual([
    'no-such-room',
    'no-such-room',
    'rate-limited',
  ]);
  await onA.close();
});

test('signups from one address are counted across processes, a day at a time; a refused nickname on either spends none', async () => {
  // A nickname that is none, or one taken, on both processes, as often as the whole budget.
  for (let i = 0; i < LIMITS.signup.max; i++) {
    expect([await signUpStatus(a, '!'), await signUpStatus(b, 'HOST')]).toEqual([400, 409]);
  }
  // The room tests' two players were the first two.
  expect(await signUpStatus(b, 'Ann')).toBe(201);
  expect(await signUpStatus(a, 'Ben')).toBe(201);
  // Neither process has seen four: only the shared count refuses the fifth.
  expect(await signUpStatus(b, 'Dot')).toBe(429);
  const refused = await fetch(`${a.url}/api/players`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nickname: 'Eve' }),
  });
  expect(refused.status).toBe(429);
  const body = ApiError.parse(await refused.json());
  expect(body).toMatchObject({
    error: 'rate-limited',
    message: expect.stringMatching(/^Too many new players from this address: try again in 2[34] h\.$/),
  });
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
});

/** What `/readyz` says of Redis, once it says `want`: ioredis notices a loss or a return by itself. */
async function redisSaid(server: RunningServer, want: 'up' | 'down') {
  for (;;) {
    const ready = await fetch(`${server.url}/readyz`);
    const body = (await ready.json()) as { ok: boolean; redis?: string };
    if (body.redis === want) return { status: ready.status, body };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('with Redis down, each process counts alone against half of each budget and stays ready; back, the shared count resumes', async () => {
  redis.process.kill('SIGKILL');
  await redis.stop();
  for (const server of [a, b]) {
    expect(await redisSaid(server, 'down')).toEqual({
      status: 200,
      body: { ok: true, redis: 'down', storage: 'up', node: server === a ? 'a' : 'b' },
    });
  }
  // Half of the four a day, on each process by itself.
  expect([await signUpStatus(a, 'Fay'), await signUpStatus(a, 'Gus'), await signUpStatus(a, 'Hal')]).toEqual([
    201, 201, 429,
  ]);
  expect([await signUpStatus(b, 'Ivy'), await signUpStatus(b, 'Jo'), await signUpStatus(b, 'Kit')]).toEqual([
    201, 201, 429,
  ]);

  // The same port again, empty: its windows start over, counted by both processes together.
  redis = await startRedis({ dir: join(dir, 'redis'), port: redis.port });
  for (const server of [a, b]) expect((await redisSaid(server, 'up')).status).toBe(200);
  const statuses = [];
  for (const [server, nickname] of [
    [a, 'Lu'],
    [b, 'Mo'],
    [a, 'Ned'],
    [b, 'Oz'],
    [a, 'Pia'],
  ] as const) {
    statuses.push(await signUpStatus(server, nickname));
  }
  expect(statuses).toEqual([201, 201, 201, 201, 429]);
});
