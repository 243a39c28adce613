import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, onTestFinished, test } from 'vitest';
import { freePort } from '../cluster/launcher/engines/ports.ts';
import { type RunningRedis, startRedis } from '../cluster/launcher/engines/redis.ts';
import { redisPlugin } from './redis.ts';

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));

/*
 * The redis plugin on a bare Fastify (it declares no dependency), against a real Redis started
 * for the test (`scripts/ensure-engines.sh` installs it): both connections open before anything
 * uses them, and closed with the app.
 */

let dir: string;
let redis: RunningRedis;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'redis-plugin-'));
  redis = await startRedis({ dir: join(dir, 'redis'), port: await freePort() });
});

afterAll(async () => {
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('redis: none without a URL', async () => {
  const app = Fastify();
  await app.register(redisPlugin, {});
  expect(app.redis).toBeUndefined();
  await app.close();
});

test('redis: commands and pub/sub on two open connections, both closed with the app', async () => {
  const app = Fastify();
  await app.register(redisPlugin, { url: redis.url });
  const links = app.redis!;
  expect(links.commands.status).toBe('ready');
  expect(links.subscriber.status).toBe('ready');
  expect(await links.ping()).toBe(true);
  await links.commands.set('plugin-test', 'stored');
  expect(await links.commands.get('plugin-test')).toBe('stored');

  const heard = new Promise<string>((resolve) => links.subscriber.once('message', (_channel, text) => resolve(text)));
  await links.subscriber.subscribe('plugin-test');
  await links.commands.publish('plugin-test', 'hello');
  expect(await heard).toBe('hello');

  await app.close();
  // QUIT is answered before the socket closes: each link ends a moment after.
  await expect.poll(() => [links.commands.status, links.subscriber.status]).toStrictEqual(['end', 'end']);
  expect(await links.ping()).toBe(false);
});

test('redis: a URL where no Redis answers fails the start', async () => {
  const app = Fastify();
  const nowhere = `redis://127.0.0.1:${await freePort()}`;
  await expect(app.register(redisPlugin, { url: nowhere })).rejects.toThrow('Connection is closed.');
  await app.close();
});

test('redis: a failed start leaves no connection trying again, so a process that caught it can end', async () => {
  // In a process of its own: one still reconnecting would keep it alive, and the test would time out.
  const script = [
    "import Fastify from 'fastify';",
    "import { redisPlugin } from './src/plugins/redis.ts';",
    'try {',
    `  await Fastify().register(redisPlugin, { url: 'redis://127.0.0.1:${await freePort()}' });`,
    '} catch (error) {',
    '  console.log(error.message);',
    '}',
  ].join('\n');
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: SERVER_DIR,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Ended, if the test failed while it still ran, rather than left behind.
  onTestFinished(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  let output = '';
  child.stdout.on('data', (data) => {
    output += String(data);
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect({ code, output: output.trim() }).toStrictEqual({ code: 0, output: 'Connection is closed.' });
}, 30_000);
