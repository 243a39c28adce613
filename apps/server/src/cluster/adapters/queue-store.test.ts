import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { QueueEntry } from '../../queue/matching.ts';
import { MemoryQueueStore, type QueueStore } from '../../queue/store.ts';
import { freePort } from '../launcher/engines/ports.ts';
import { type RunningRedis, startRedis } from '../launcher/engines/redis.ts';
import { RedisQueueStore } from './queue-store.ts';

const entry = (playerId: string, entryId = `e-${playerId}`): QueueEntry => ({
  playerId,
  entryId,
  variant: 'scorpion',
  options: { foundations: false, open: false },
  rating: 1500,
  since: 1000,
  device: 'd',
  node: 'n1',
});

let dir: string;
let redis: RunningRedis;
let client: Redis;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'scorpion-queue-'));
  redis = await startRedis({ dir, port: await freePort() });
  client = new Redis(redis.url);
});
afterAll(async () => {
  await client.quit();
  await redis.stop();
  rmSync(dir, { recursive: true, force: true });
});

const stores: [string, () => Promise<QueueStore>][] = [
  ['memory', async () => new MemoryQueueStore()],
  [
    'redis',
    async () => {
      await client.flushall();
      return new RedisQueueStore(client);
    },
  ],
];

describe.each(stores)('the %s queue store', (_name, make) => {
  test('one entry per player: a second join replaces the first and says which it was', async () => {
    const store = await make();
    expect(await store.put(entry('p1', 'tab-1'))).toBeUndefined();
    expect(await store.put(entry('p1', 'tab-2'))).toMatchObject({ entryId: 'tab-1' });
    expect((await store.all()).map((e) => e.entryId)).toStrictEqual(['tab-2']);
    // The first tab's leave does not take the second tab's entry.
    expect(await store.remove('p1', 'tab-1')).toBe(false);
    expect(await store.remove('p1', 'tab-2')).toBe(true);
    expect(await store.all()).toStrictEqual([]);
  });

  test('a claim takes a whole group or none of it', async () => {
    const store = await make();
    for (const id of ['a', 'b', 'c']) await store.put(entry(id));
    expect(await store.claim([entry('a'), entry('b')])).toBe(true);
    // `a` is gone: a second matcher's group with it takes nothing, `c` stays.
    expect(await store.claim([entry('a'), entry('c')])).toBe(false);
    expect((await store.all()).map((e) => e.playerId)).toStrictEqual(['c']);
    // A group read before `c` joined again from another tab is refused too.
    await store.put(entry('c', 'newer'));
    await store.put(entry('d'));
    expect(await store.claim([entry('c'), entry('d')])).toBe(false);
  });

  test('a ghost is offered once per entry, and a new join forgets it', async () => {
    const store = await make();
    await store.put(entry('p'));
    expect(await store.offer(entry('p'), 'g1')).toBe(true);
    expect(await store.offer(entry('p'), 'g2')).toBe(false);
    expect(await store.offered('p', 'e-p')).toBe('g1');
    expect(await store.offered('p', 'other')).toBeUndefined();
    await store.put(entry('p', 'again'));
    expect(await store.offered('p', 'again')).toBeUndefined();
    expect(await store.offer(entry('gone'), 'g')).toBe(false);
  });
});
