import Fastify from 'fastify';
import { afterEach, expect, test } from 'vitest';
import { acceptEveryDeal } from '../deals/certify.ts';
import { TEST_SECRET } from '../test/helper.ts';
import { type Bare, bare } from '../test/plugins.ts';
import { basicsPlugin } from './basics.ts';
import { dealsPlugin } from './deals.ts';
import { httpPlugin } from './http.ts';
import { redisPlugin } from './redis.ts';
import { storagePlugin } from './storage.ts';

let running: Bare | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

test('basics: the clock given, the metrics, the drain and the node id', async () => {
  const app = Fastify();
  await app.register(basicsPlugin, { now: () => 42, nodeId: 'n1' });
  expect(app.now()).toBe(42);
  expect(app.nodeId).toBe('n1');
  expect(app.drain.draining).toBe(false);
  expect(await app.metrics.expose()).toContain('scorpion_');
  await app.close();
});

test('a plugin refuses to load without the plugins it declares', async () => {
  const app = Fastify();
  await app.register(basicsPlugin, {});
  await expect(app.register(dealsPlugin, {})).rejects.toThrow(/dependency 'storage'|storage/);
});

test('storage: migrated repositories and the secret, kept in them when none is given', async () => {
  running = await bare();
  const { repos, secret, ranks, redis } = running.app;
  expect(await repos.ready()).toStrictEqual({ ok: true });
  expect(secret).toBe(TEST_SECRET);
  expect(ranks).toBeUndefined();
  expect(redis).toBeUndefined();

  const app = Fastify();
  await app.register(basicsPlugin, {});
  await app.register(redisPlugin, {});
  await app.register(storagePlugin, { databasePath: running.databasePath.replace(/\.db$/, '-made.db') });
  expect(app.secret).toMatch(/^[0-9a-f]{64}$/);
  expect(await app.repos.settings.get('server-secret')).toBe(app.secret);
  await app.close();
});

test('deals: dealt from the secret, every deal accepted without a solver', async () => {
  running = await bare();
  const { app } = running;
  await app.register(dealsPlugin, {});
  expect(app.certifier).toBe(acceptEveryDeal);
  expect(app.solver).toBeUndefined();
  const fresh = app.deals.fresh('scorpion');
  expect(fresh.deck).toHaveLength(52);
  expect(fresh.seed).toMatch(/^[0-9a-f]{32}$/);
});

test('http: every error an ApiError, JSON bodies only, and a device cookie for the API', async () => {
  running = await bare();
  const { app } = running;
  await app.register(httpPlugin, {});
  app.get('/api/broken', async () => {
    throw new Error('the database caught fire');
  });
  app.post('/api/echo', async (request) => request.body);
  app.get('/api/seen', async (request) => app.seenOf(request));
  const broken = await app.inject({ method: 'GET', url: '/api/broken' });
  expect(broken.statusCode).toBe(500);
  expect(broken.json()).toStrictEqual({ error: 'internal', message: 'Something went wrong; nothing was changed.' });
  expect(broken.cookies.map((c) => c.name)).toContain('scorpion_device');
  const text = await app.inject({
    method: 'POST',
    url: '/api/echo',
    payload: 'hi',
    headers: { 'content-type': 'text/plain' },
  });
  expect(text.statusCode).toBe(415);
  const seen = await app.inject({ method: 'GET', url: '/api/seen' });
  expect(seen.json()).toMatchObject({ device: '' });
  expect(app.limits.signup).toBeTypeOf('function');
});
