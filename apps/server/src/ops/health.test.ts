import Fastify from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import WebSocket from 'ws';
import type { Readiness } from '../repo/types.ts';
import { signUp, TestClient } from '../test/client.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { healthRoutes, solverReadiness } from './health.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

test('/healthz and /readyz answer 200 on a running server; /api/health still works', async () => {
  const alive = await fetch(`${server.url}/healthz`);
  expect(alive.status).toBe(200);
  expect(await alive.json()).toEqual({ ok: true });
  const ready = await fetch(`${server.url}/readyz`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toEqual({ ok: true, storage: 'up' });
  const api = await fetch(`${server.url}/api/health`);
  expect(api.status).toBe(200);
  expect(await api.json()).toMatchObject({ ok: true, serverTime: expect.any(Number) });
});

test("with NODE_ID, /readyz, /api/health and the socket's upgrade say which process answered", async () => {
  const node = await startServer({ nodeId: 'node-7' });
  expect(await (await fetch(`${node.url}/readyz`)).json()).toEqual({ ok: true, storage: 'up', node: 'node-7' });
  expect(await (await fetch(`${node.url}/api/health`)).json()).toMatchObject({ ok: true, node: 'node-7' });
  const { cookie } = await signUp(node.url, 'Node Nell');
  const socket = new WebSocket(node.wsUrl, { headers: { cookie } });
  const upgrade = await new Promise<Record<string, unknown>>((resolve, reject) => {
    socket.once('upgrade', (response) => resolve(response.headers));
    socket.once('error', reject);
  });
  expect(upgrade['x-scorpion-node']).toBe('node-7');
  socket.close();
  await node.close();
});

test('/readyz answers 503 once shutdown has begun, while the port is still open', async () => {
  const other = await startServer();
  const { cookie } = await signUp(other.url, 'Slow Sid');
  // A client that does not read keeps shutdown waiting for its close (up to the grace period).
  const slow = await TestClient.connect(other.wsUrl, cookie);
  slow.socket.pause();
  const closing = other.app.close();
  const response = await fetch(`${other.url}/readyz`);
  expect(response.status).toBe(503);
  slow.socket.resume();
  expect((await slow.closed).code).toBe(1012);
  await closing;
});

test("solver readiness: ready without a pool or with a sound one; otherwise 503 with the pool's problem", () => {
  const sound = { threads: 1, alive: 1, backingOff: 0, deaths: 0, restarts: 0, waiting: 0, problem: undefined };
  expect(solverReadiness(undefined)).toEqual({ ok: true });
  expect(solverReadiness(sound)).toEqual({ ok: true });
  expect(
    solverReadiness({ ...sound, deaths: 3, restarts: 3, problem: '3 solver thread deaths in the last 300 s' }),
  ).toEqual({
    ok: false,
    reason: 'solver unavailable: 3 solver thread deaths in the last 300 s',
  });
});

test('passing health checks log nothing; a failing /readyz logs its reason once, and its end once', async () => {
  const lines: { level: number; msg: string; reason?: string; req?: { url: string } }[] = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
  let ready: Readiness = { ok: true };
  const app = Fastify({ logger: { level: 'info', stream } });
  await app.register(healthRoutes, { ready: async () => ready, now: () => 0 });
  app.get('/other', async () => ({ ok: true }));

  for (const url of ['/healthz', '/readyz', '/readyz', '/api/health']) {
    expect((await app.inject(url)).statusCode).toBe(200);
  }
  expect(lines).toEqual([]);
  // The same logger does log an ordinary request: the silence above is the health routes' own.
  await app.inject('/other');
  expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);

  lines.length = 0;
  ready = { ok: false, reason: 'database unreachable' };
  expect((await app.inject('/readyz')).statusCode).toBe(503);
  expect(lines).toEqual([expect.objectContaining({ level: 40, msg: 'not ready', reason: 'database unreachable' })]);
  // Checked twice a second through an outage: the same reason is not logged again.
  for (let i = 0; i < 3; i++) expect((await app.inject('/readyz')).statusCode).toBe(503);
  ready = { ok: false, reason: 'storage full' };
  await app.inject('/readyz');
  ready = { ok: true };
  for (let i = 0; i < 3; i++) expect((await app.inject('/readyz')).statusCode).toBe(200);
  expect(lines.map((l) => [l.msg, l.reason])).toEqual([
    ['not ready', 'database unreachable'],
    ['not ready', 'storage full'],
    ['ready again', undefined],
  ]);
  await app.close();
});
