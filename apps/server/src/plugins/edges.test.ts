import { ServerMessage } from '@scorpion/protocol';
import { afterEach, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import { routesPlugin } from '../routes/index.ts';
import { type Bare, bare } from '../test/plugins.ts';
import { socketPlugin } from '../ws/plugin.ts';
import { arenasPlugin } from './arenas.ts';
import { challengesPlugin } from './challenges.ts';
import { dailyPlugin } from './daily.ts';
import { dealsPlugin } from './deals.ts';
import { httpPlugin } from './http.ts';
import { identityPlugin } from './identity.ts';
import { moderationPlugin } from './moderation.ts';
import { opsPlugin } from './ops.ts';
import { playPlugin } from './play.ts';
import { puzzlesPlugin } from './puzzles.ts';
import { queuePlugin } from './queue.ts';
import { racesPlugin } from './races.ts';
import { realtimePlugin } from './realtime.ts';

/* The edges on a bare app with the real services they read: the socket, the operators' routes, the REST API. */

let running: Bare | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** Every service the edges read, each from its own plugin. */
async function withServices(): Promise<Bare> {
  running = await bare({ nodeId: 'node-a' });
  const { app } = running;
  await app.register(httpPlugin, {});
  await app.register(dealsPlugin, {});
  await app.register(realtimePlugin);
  await app.register(moderationPlugin, {});
  await app.register(playPlugin);
  await app.register(challengesPlugin);
  await app.register(racesPlugin, {});
  await app.register(arenasPlugin, { tickMs: 0 });
  await app.register(dailyPlugin);
  await app.register(queuePlugin, { tickMs: 0 });
  await app.register(identityPlugin, {});
  await app.register(puzzlesPlugin, {});
  return running;
}

const EDGE = {
  allowedOrigins: [],
  heartbeatMs: 60_000,
  ratePerSecond: 20,
  rateBurst: 40,
  socketsPerPlayer: 8,
  watchersPerAddress: 50,
  rateClock: () => performance.now(),
};

test('socket: a socket without an identity is told so and closed', async () => {
  const { app } = await withServices();
  await app.register(socketPlugin, { edge: EDGE });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const socket = new WebSocket(`${url.replace('http', 'ws')}/ws`);
  const frames: ServerMessage[] = [];
  socket.on('message', (data) => frames.push(ServerMessage.parse(JSON.parse(String(data)))));
  const upgraded = new Promise<string>((resolve) =>
    socket.once('upgrade', (response) => resolve(String(response.headers['x-scorpion-node']))),
  );
  const closed = await new Promise<number>((resolve) => socket.once('close', resolve));
  expect(await upgraded).toBe('node-a');
  expect(closed).toBe(1008);
  expect(frames).toMatchObject([{ type: 'error', code: 'unauthorized' }]);
});

test('ops: health, readiness (the database, the node), and metrics off without a token', async () => {
  const { app } = await withServices();
  await app.register(socketPlugin, { edge: EDGE });
  await app.register(opsPlugin, {});
  expect((await app.inject('/healthz')).json()).toStrictEqual({ ok: true });
  expect((await app.inject('/api/health')).json()).toMatchObject({ ok: true, node: 'node-a' });
  expect((await app.inject('/readyz')).statusCode).toBe(200);
  expect((await app.inject('/metrics')).statusCode).toBe(404);
});

test('routes: the REST API reads the services off the app', async () => {
  const { app } = await withServices();
  await app.register(routesPlugin, { webDist: '' });
  expect((await app.inject('/api/me')).json()).toStrictEqual({ player: null });
  expect((await app.inject('/api/daily')).json()).toMatchObject({ public: false, seed: null });
  expect((await app.inject('/api/rooms/ABCDEF')).json()).toMatchObject({ error: 'no-such-room' });
});
