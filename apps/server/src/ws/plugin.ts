import fastifyWebsocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import { closeSocketsForRestart } from '../ops/shutdown.ts';
import { MAX_FRAME_BYTES } from './close-codes.ts';
import type { EdgeOptions } from './edge-options.ts';
import { wsRoutes } from './route.ts';

/** The socket at `/ws`; on close (SIGTERM) it finishes the frames in flight, then closes every socket with 1012. */
export const socketPlugin = fp<{ edge: EdgeOptions }>(
  async (app, options) => {
    await app.register(fastifyWebsocket, {
      options: { maxPayload: MAX_FRAME_BYTES },
      preClose: async () => closeSocketsForRestart(app.websocketServer, app.drain),
    });
    const nodeId = app.nodeId;
    if (nodeId !== undefined) {
      app.websocketServer.on('headers', (headers: string[]) => headers.push(`X-Scorpion-Node: ${nodeId}`));
    }
    await app.register(wsRoutes, options);
  },
  {
    name: 'socket',
    dependencies: [
      'basics',
      'redis',
      'http',
      'storage',
      'realtime',
      'identity',
      'play',
      'challenges',
      'races',
      'arenas',
      'daily',
      'queue',
    ],
  },
);
