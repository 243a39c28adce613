import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Clock } from '../clock.ts';
import { basicsPlugin } from '../plugins/basics.ts';
import { dealsPlugin } from '../plugins/deals.ts';
import { moderationPlugin } from '../plugins/moderation.ts';
import { playPlugin } from '../plugins/play.ts';
import { realtimePlugin } from '../plugins/realtime.ts';
import { redisPlugin } from '../plugins/redis.ts';
import { storagePlugin } from '../plugins/storage.ts';
import { TEST_SECRET } from './helper.ts';

export interface Bare {
  readonly app: FastifyInstance;
  readonly databasePath: string;
  /** Closes the app and removes its temporary database. */
  close(): Promise<void>;
}

/**
 * A bare Fastify with what every plugin stands on, all of it real: the clock and metrics, no
 * Redis, the repositories on a fresh SQLite file. A plugin's test registers on it the plugins
 * its own declares it depends on, then the plugin.
 */
export async function bare(options: { now?: Clock; nodeId?: string } = {}): Promise<Bare> {
  const dir = mkdtempSync(join(tmpdir(), 'scorpion-plugin-'));
  const databasePath = join(dir, 'scorpion.db');
  const app = Fastify();
  await app.register(basicsPlugin, options);
  await app.register(redisPlugin, {});
  await app.register(storagePlugin, { databasePath, secret: TEST_SECRET });
  return {
    app,
    databasePath,
    async close() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A bare app with the plugins every game service stands on: the deals, the sockets, moderation and the games. */
export async function playing(options: { now?: Clock; nodeId?: string } = {}): Promise<Bare> {
  const running = await bare(options);
  await running.app.register(dealsPlugin, {});
  await running.app.register(realtimePlugin);
  await running.app.register(moderationPlugin, {});
  await running.app.register(playPlugin);
  return running;
}
