import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, expect, test } from 'vitest';
import { freePort } from './ports.ts';
import { type RunningRedis, startRedis } from './redis.ts';
import { Supervised } from './supervised.ts';

/* The launcher's supervision of an engine, on a real Redis: a death restarts it on the same port; a stop on purpose does not. */

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function supervisedRedis(lines: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'supervised-'));
  dirs.push(dir);
  const port = await freePort();
  const redis = new Supervised<RunningRedis>(
    'Redis',
    () => startRedis({ dir, port }),
    (l) => lines.push(l),
    10,
  );
  await redis.up();
  return { redis, port };
}

async function pong(port: number): Promise<string> {
  const client = new Redis({ port, lazyConnect: true, maxRetriesPerRequest: 0 });
  try {
    await client.connect();
    return await client.ping();
  } finally {
    client.disconnect();
  }
}

/** Resolves once a line matching `pattern` was logged. */
async function logged(lines: string[], pattern: RegExp): Promise<void> {
  while (!lines.some((l) => pattern.test(l))) await new Promise((resolve) => setTimeout(resolve, 10));
}

test('an engine that dies is started again on the same port, and says so', async () => {
  const lines: string[] = [];
  const { redis, port } = await supervisedRedis(lines);
  const first = redis.current!.process.pid;
  redis.current!.process.kill('SIGKILL');
  await logged(lines, /^\[cluster\] Redis restarted$/);
  expect(lines[0]).toBe('[cluster] Redis exited (SIGKILL); restarting in 10 ms');
  expect(redis.current!.process.pid).not.toBe(first);
  expect(await pong(port)).toBe('PONG');
  await redis.down();
});

test('taken down on purpose, it stays down until brought up', async () => {
  const lines: string[] = [];
  const { redis, port } = await supervisedRedis(lines);
  await redis.down('crash');
  expect(redis.current).toBeUndefined();
  await expect(pong(port)).rejects.toThrow();
  await redis.up();
  expect(await pong(port)).toBe('PONG');
  await redis.down();
  expect(lines).toEqual([]);
});
