import { ApiError } from '@scorpion/protocol';
import Fastify from 'fastify';
import { Counter, Registry } from 'prom-client';
import { expect, test } from 'vitest';
import { bearerMatches, metricsRoute } from './metrics-route.ts';

const TOKEN = 'metrics-token-0123456789';

async function appWith(token: string | undefined) {
  const registry = new Registry();
  new Counter({ name: 'demo_total', help: 'Demo.', registers: [registry] }).inc();
  const app = Fastify();
  await app.register(metricsRoute, { metrics: { expose: () => registry.metrics() }, token });
  return app;
}

test('with the right bearer token: 200, the text format and its content type', async () => {
  const app = await appWith(TOKEN);
  const response = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  expect(response.body).toContain('demo_total 1\n');
  const lowerCase = await app.inject({ url: '/metrics', headers: { authorization: `bearer ${TOKEN}` } });
  expect(lowerCase.statusCode).toBe(200);
});

test('missing, wrong or malformed credentials: 401 with a typed error, and no metrics', async () => {
  const app = await appWith(TOKEN);
  for (const authorization of [
    undefined,
    '',
    'Bearer',
    'Bearer ',
    `Bearer ${TOKEN}x`,
    `Bearer ${TOKEN.slice(0, -1)}`,
    `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
    TOKEN,
    `Bearer ${TOKEN} extra`,
  ]) {
    const response = await app.inject({
      url: '/metrics',
      headers: authorization === undefined ? {} : { authorization },
    });
    expect(response.statusCode, String(authorization)).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(ApiError.parse(response.json())).toMatchObject({ error: 'unauthorized' });
    expect(response.body).not.toContain('demo_total');
  }
});

test('without METRICS_TOKEN the route is off: 404 whatever is sent', async () => {
  for (const token of [undefined, '']) {
    const app = await appWith(token);
    for (const headers of [{}, { authorization: 'Bearer ' }, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await app.inject({ url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(ApiError.parse(response.json())).toMatchObject({ error: 'not-found' });
    }
  }
});

test('bearerMatches compares whole tokens only', () => {
  expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
  expect(bearerMatches(`Bearer  ${TOKEN} `, TOKEN)).toBe(true);
  expect(bearerMatches('Bearer abc', 'abcd')).toBe(false);
  expect(bearerMatches('Bearer abcd', 'abc')).toBe(false);
  expect(bearerMatches(undefined, TOKEN)).toBe(false);
});
