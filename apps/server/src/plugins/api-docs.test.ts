import { compileErrors, validate } from '@readme/openapi-parser';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { startServer } from '../test/helper.ts';
import type { RunningServer } from '../testing.ts';
import { apiDocsPlugin } from './api-docs.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(() => server.close());

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type Paths = Record<string, Record<string, Operation>>;

const openapi = async () => (await fetch(`${server.url}/api/openapi.json`)).json() as Promise<{ paths: Paths }>;

test('an /api route without a response schema stops the server from starting, naming the route', async () => {
  const app = Fastify();
  await app.register(apiDocsPlugin);
  await expect(
    (async () => {
      app.get('/api/undescribed', async () => ({ ok: true }));
      await app.ready();
    })(),
  ).rejects.toThrow('GET /api/undescribed has no response schema');
  // The same route, described, is taken; a route outside /api (a health probe) needs no schema.
  const described = Fastify();
  await described.register(apiDocsPlugin);
  described.get('/api/described', { schema: { response: { 200: z.strictObject({ ok: z.boolean() }) } } }, async () => ({
    ok: true,
  }));
  described.get('/probe', async () => ({ ok: true }));
  await described.ready();
  await described.close();
  await app.close().catch(() => undefined);
});

test('/api/openapi.json is a valid OpenAPI 3.1 document', async () => {
  const response = await fetch(`${server.url}/api/openapi.json`);
  expect(response.status).toBe(200);
  const document = (await response.json()) as Exclude<Parameters<typeof validate>[0], string>;
  expect(document).toMatchObject({ openapi: '3.1.0' });
  const result = await validate(document);
  expect(result.valid ? '' : compileErrors(result)).toBe('');
});

test('every operation of the document answers JSON of a stated shape, refusals as ApiError', async () => {
  const { paths } = await openapi();
  const operations = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })),
  );
  expect(operations.length).toBeGreaterThan(40);
  for (const { route, operation } of operations) {
    const success = Object.entries(operation.responses ?? {}).filter(([status]) => status.startsWith('2'));
    expect(success.length, route).toBeGreaterThan(0);
    // A month's open-data file is the one answer of bytes (application/gzip), described as such.
    const media = route === 'GET /api/exports/{month}' ? 'application/gzip' : 'application/json';
    for (const [, answer] of success) expect(answer.content?.[media]?.schema, route).toBeDefined();
    expect(operation.responses?.['4XX']?.content?.['application/json']?.schema, route).toMatchObject({
      required: ['error', 'message'],
    });
  }
});

test('the document is the routes: their paths, parameters, queries and bodies, and nothing outside /api', async () => {
  const { paths } = await openapi();
  expect(Object.keys(paths).every((path) => path.startsWith('/api/'))).toBe(true);
  expect(paths['/api/games/{id}']?.get?.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id' })]);
  const board = paths['/api/leaderboards/daily']?.get?.parameters?.map((p) => `${p.in}:${p.name}`);
  expect(board).toEqual(['query:date', 'query:page', 'query:pageSize']);
  expect(paths['/api/players']?.post?.requestBody).toBeDefined();
  expect(paths['/api/players']?.post?.responses?.['201']).toBeDefined();
  // The documents themselves and the reference page's files are not API calls.
  expect(paths['/api/openapi.json']).toBeUndefined();
  expect(paths['/api/docs']).toBeUndefined();
});

test('a bad body, query or path is refused as before: 400 bad-message naming the field, nothing changed', async () => {
  const post = await fetch(`${server.url}/api/players`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nickname: 5 }),
  });
  expect(post.status).toBe(400);
  expect(await post.json()).toEqual({
    error: 'bad-message',
    message: 'nickname: Invalid input: expected string, received number',
  });
  const query = await fetch(`${server.url}/api/leaderboards/daily?page=0`);
  expect(await query.json()).toMatchObject({ error: 'bad-message', message: expect.stringMatching(/^page: /) });
  const path = await fetch(`${server.url}/api/daily/not-a-date`);
  expect(path.status).toBe(400);
  expect(await path.json()).toMatchObject({ error: 'bad-message', message: expect.stringMatching(/^date: /) });
});

test('/api/asyncapi.json serves the committed AsyncAPI 3 document of the socket', async () => {
  const response = await fetch(`${server.url}/api/asyncapi.json`);
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ asyncapi: '3.0.0', channels: { socket: { address: '/ws' } } });
});

test('/api/docs is the reference page, its script and styles served from this origin under a strict CSP', async () => {
  const page = await fetch(`${server.url}/api/docs`);
  expect(page.status).toBe(200);
  const html = await page.text();
  const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, url]) => url!);
  expect(assets.length).toBeGreaterThan(0);
  for (const url of assets) expect(url, 'no asset from another origin').not.toMatch(/^(?:https?:)?\/\//);
  const csp = page.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("default-src 'self'");
  for (const url of assets) {
    const asset = await fetch(new URL(url, page.url));
    expect(asset.status, url).toBe(200);
    // Read to its end: a body left unread holds its connection open, and the server's close waits on it.
    await asset.arrayBuffer();
  }
});
