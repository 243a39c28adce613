import { ApiError } from '@scorpion/protocol';
import { createSolverPool, type SolverPool } from '@scorpion/solver';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DAILY_UNAVAILABLE } from '../daily/service.ts';
import { RACE_UNAVAILABLE } from '../races/answers.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { players } from '../test/rooms.ts';

const TOKEN = 'solver-down-metrics-token';
const OPTIONS = { foundations: false, open: false };

/** A real pool whose thread dies as it loads; its next restart is a minute off, past the test. */
let pool: SolverPool;
let server: RunningServer;
beforeAll(async () => {
  pool = createSolverPool({
    entry: new URL('../test/solver-cannot-load.mjs', import.meta.url),
    backoff: { firstMs: 60_000, maxMs: 60_000 },
  });
  const died = new Promise((resolve) => pool.onDeath(resolve));
  server = await startServer({ solver: pool, metricsToken: TOKEN });
  await died;
});
afterAll(() => server.close());

test('/readyz is 503 and says the solver is down (no error text, no deal); /metrics counts the death', async () => {
  const ready = await fetch(`${server.url}/readyz`);
  expect(ready.status).toBe(503);
  expect(await ready.json()).toEqual({
    ok: false,
    reason: expect.stringMatching(/^solver unavailable: 1 of 1 solver threads died; the next restart is in \d+ ms$/),
    // The file still takes writes: only the solver is down.
    storage: 'up',
  });

  const metrics = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  const text = await metrics.text();
  expect(text).toContain('\nscorpion_solver_workers_alive 0\n');
  expect(text).toContain('\nscorpion_solver_workers_backing_off 1\n');
  expect(text).toContain('\nscorpion_solver_worker_deaths_total 1\n');
  expect(text).toContain('\nscorpion_solver_worker_restarts_total 0\n');
  expect(text).toContain('\nscorpion_solver_tasks_waiting 0\n');
});

test('the daily answers solver-unavailable at once, over REST and the socket, and stores no deal', async () => {
  const today = server.app.daily.today();
  for (const path of ['/api/daily', `/api/daily/${today}`]) {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status, path).toBe(503);
    expect(ApiError.parse(await response.json())).toEqual({ error: 'solver-unavailable', message: DAILY_UNAVAILABLE });
  }

  const [dee] = await players(server, 'Dee Daily');
  dee!.client.send({ type: 'daily-join' });
  expect(await dee!.client.next('error')).toMatchObject({
    code: 'solver-unavailable',
    message: DAILY_UNAVAILABLE,
    ref: 'daily-join',
    game: null,
  });
  expect(await server.app.repos.daily.get(today)).toBeUndefined();
  await dee!.client.close();
});

test('a "winnable deals only" race is not dealt: the host is told why, the room stays open', async () => {
  const [host, guest] = await players(server, 'Wendy Winnable', 'Gus Guest');
  host!.client.send({ type: 'room-create', variant: 'scorpion', options: OPTIONS, timeLimit: 0, winnableOnly: true });
  const code = (await host!.client.next('room')).room.code;
  guest!.client.send({ type: 'room-join', code });
  await guest!.client.next('room');
  host!.client.send({ type: 'room-start', code });
  expect(await host!.client.next('error')).toMatchObject({
    code: 'solver-unavailable',
    message: RACE_UNAVAILABLE,
    ref: 'room-start',
  });
  expect(await server.app.repos.races.count(code)).toBe(0);
  await host!.client.close();
  await guest!.client.close();
});

test('a quick race is not dealt either: the matched players wait on, with the time they had waited', async () => {
  const [ada, ben] = await players(server, 'Quick Down Ada', 'Quick Down Ben');
  const join = { type: 'queue-join', variant: 'scorpion', options: OPTIONS } as const;
  const entries = [];
  for (const p of [ada!, ben!]) {
    p.client.send(join);
    entries.push(await p.client.next('queue', (f) => f.status === 'waiting'));
  }
  await server.app.queue.tick();
  const waiting = await server.app.queue.waiting();
  expect(waiting.map((e) => [e.entryId, e.since]).sort()).toStrictEqual(
    entries.map((e) => [e.entryId, e.since]).sort(),
  );
  for (const p of [ada!, ben!]) {
    expect(p.client.frames.some((f) => f.includes('"queue-matched"'))).toBe(false);
    expect(await server.app.repos.rooms.roomsOf(p.id)).toStrictEqual([]);
  }
  await Promise.all([ada!.client.close(), ben!.client.close()]);
});
