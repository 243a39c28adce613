import { connect } from 'node:net';
import { ApiError } from '@scorpion/protocol';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { signUp, TestClient } from '../test/client.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { tryAgainIn } from './errors.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** Through the real app: the status, and the body, which must be exactly an `ApiError`. */
async function refused(options: InjectOptions) {
  const response = await server.app.inject(options);
  const body = ApiError.parse(response.json());
  expect(response.body).not.toMatch(/FST_|stack|statusCode|at \//);
  return { status: response.statusCode, body };
}

const json = { 'content-type': 'application/json' };

describe("Fastify's own refusals come in the documented shape", () => {
  test('a path parameter of 200 characters is 414 uri-too-long', async () => {
    expect(await refused({ method: 'GET', url: `/api/games/${'x'.repeat(200)}` })).toMatchObject({
      status: 414,
      body: { error: 'uri-too-long' },
    });
  });

  test('a body that is not JSON is 400 bad-message', async () => {
    expect(await refused({ method: 'POST', url: '/api/players', headers: json, payload: '{nope' })).toMatchObject({
      status: 400,
      body: { error: 'bad-message' },
    });
  });

  test('a body with a __proto__ key is 400 bad-message, and nobody is signed up', async () => {
    const payload = '{"nickname":"Proto","__proto__":{"admin":true}}';
    expect(await refused({ method: 'POST', url: '/api/players', headers: json, payload })).toMatchObject({
      status: 400,
      body: { error: 'bad-message' },
    });
    const viaConstructor = '{"nickname":"Proto","constructor":{"prototype":{"admin":true}}}';
    expect(
      await refused({ method: 'POST', url: '/api/players', headers: json, payload: viaConstructor }),
    ).toMatchObject({
      status: 400,
      body: { error: 'bad-message' },
    });
    // Nothing was stored: the name is still free.
    const fresh = await server.app.inject({ method: 'POST', url: '/api/players', payload: { nickname: 'Proto' } });
    expect(fresh.statusCode).toBe(201);
  });

  test('a 1 MiB body is 413 too-large', async () => {
    const payload = JSON.stringify({ nickname: 'x'.repeat(1024 * 1024) });
    expect(await refused({ method: 'POST', url: '/api/players', headers: json, payload })).toMatchObject({
      status: 413,
      body: { error: 'too-large', message: 'The body is over 16384 bytes.' },
    });
  });

  test('a body in a media type we do not read is 415 unsupported-media-type', async () => {
    const headers = { 'content-type': 'application/xml' };
    expect(await refused({ method: 'POST', url: '/api/players', headers, payload: '<nickname/>' })).toMatchObject({
      status: 415,
      body: { error: 'unsupported-media-type' },
    });
  });

  test('a JSON body sent as text/plain is 415 unsupported-media-type, and nobody is signed up', async () => {
    const headers = { 'content-type': 'text/plain' };
    const payload = '{"nickname":"Plain"}';
    expect(await refused({ method: 'POST', url: '/api/players', headers, payload })).toMatchObject({
      status: 415,
      body: { error: 'unsupported-media-type' },
    });
    const fresh = await server.app.inject({ method: 'POST', url: '/api/players', payload: { nickname: 'Plain' } });
    expect(fresh.statusCode).toBe(201);
  });

  test('a body that fails validation, or an empty JSON body, is 400 bad-message', async () => {
    expect(
      await refused({ method: 'POST', url: '/api/players', headers: json, payload: '{"nickname":7}' }),
    ).toMatchObject({ status: 400, body: { error: 'bad-message', message: expect.stringContaining('nickname') } });
    expect(await refused({ method: 'POST', url: '/api/players', headers: json, payload: '' })).toMatchObject({
      status: 400,
      body: { error: 'bad-message' },
    });
  });

  test('a path that is not a valid URL is 400 bad-message; an unknown API path is 404 not-found', async () => {
    expect(await refused({ method: 'GET', url: '/api/rooms/%E0%A4%A' })).toMatchObject({
      status: 400,
      body: { error: 'bad-message' },
    });
    expect(await refused({ method: 'DELETE', url: '/api/players' })).toMatchObject({
      status: 404,
      body: { error: 'not-found' },
    });
  });
});

test('a server fault is 500 internal, logged but never described to the client', async () => {
  const rooms = server.app.repos.rooms;
  const spy = vi.spyOn(rooms, 'get').mockRejectedValueOnce(new Error('SQLITE_CORRUPT: secret detail'));
  try {
    const answer = await refused({ method: 'GET', url: '/api/rooms/ABCDEF' });
    expect(answer).toEqual({
      status: 500,
      body: { error: 'internal', message: 'Something went wrong; nothing was changed.' },
    });
  } finally {
    spy.mockRestore();
  }
});

test('a request Node cannot read as HTTP gets the same shape on the raw socket', async () => {
  const { port } = new URL(server.url);
  const raw = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
    });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
  expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  expect(ApiError.parse(JSON.parse(body))).toEqual({ error: 'bad-message', message: 'The request is not valid HTTP.' });
});

test('once shutdown has begun, every request is 503 unavailable in the same shape', async () => {
  const other = await startServer();
  const { cookie } = await signUp(other.url, 'Last Orders');
  // A client that does not read keeps shutdown waiting for its close, with the port still open.
  const slow = await TestClient.connect(other.wsUrl, cookie);
  slow.socket.pause();
  const closing = other.app.close();
  for (const path of ['/api/daily', '/readyz', '/api/nothing']) {
    const response = await fetch(`${other.url}${path}`);
    expect(response.status, path).toBe(503);
    expect(ApiError.parse(await response.json())).toMatchObject({ error: 'unavailable' });
  }
  slow.socket.resume();
  await slow.closed;
  await closing;
});

test('a wait reads as seconds under two minutes, then as whole minutes, then from two hours as whole hours', () => {
  expect([
    tryAgainIn(1),
    tryAgainIn(119),
    tryAgainIn(120),
    tryAgainIn(3599),
    tryAgainIn(7200),
    tryAgainIn(86_399),
  ]).toEqual([
    'try again in 1 s',
    'try again in 119 s',
    'try again in 2 min',
    'try again in 60 min',
    'try again in 2 h',
    'try again in 24 h',
  ]);
});
