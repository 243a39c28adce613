import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort } from '../cluster/launcher/engines/ports.ts';
import { type RunningRedis, startRedis } from '../cluster/launcher/engines/redis.ts';
import { type Release, WATCHER_TTL_MS, WatchersPerAddress } from './watchers-per-address.ts';

/*
 * The visitors' count per address, shared by a cluster's processes through a real Redis: two
 * counts on one Redis are two processes. Renewals run when the test says, on its clock.
 */
let dir: string;
let redis: RunningRedis;
const links: Redis[] = [];
let clock = Date.UTC(2026, 5, 1, 12, 0, 0);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'watchers-per-address-'));
  redis = await startRedis({ dir, port: await freePort() });
});
afterAll(async () => {
  for (const link of links) link.disconnect();
  await redis.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function node(max: number): Promise<WatchersPerAddress> {
  const link = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  link.on('error', () => {});
  links.push(link);
  await link.ping();
  return new WatchersPerAddress({ name: 'watchers', max, now: () => clock, redis: link, renewMs: 0 });
}

async function takeAll(count: WatchersPerAddress, address: string, n: number): Promise<Release[]> {
  const taken: Release[] = [];
  for (let i = 0; i < n; i++) taken.push((await count.take(address))!);
  expect(taken.every((r) => r !== undefined)).toBe(true);
  return taken;
}

test('the limit holds across processes, a closed socket frees its place, and takes at once on one process do not pass it', async () => {
  const [a, b] = [await node(3), await node(3)];
  const [first] = await takeAll(a, '198.51.100.1', 2);
  await takeAll(b, '198.51.100.1', 1);
  // Three open over the two processes: neither takes a fourth, whatever its own count says.
  expect(await a.take('198.51.100.1')).toBeUndefined();
  expect(await b.take('198.51.100.1')).toBeUndefined();
  // Another address has its own count.
  expect(await b.take('198.51.100.2')).toBeDefined();

  first!();
  first!(); // a second release frees nothing more
  expect(await b.take('198.51.100.1')).toBeDefined();
  expect(await a.take('198.51.100.1')).toBeUndefined();

  // Ten at once from one process, on an address nobody counts yet: three get in.
  const rush = await Promise.all(Array.from({ length: 10 }, () => a.take('198.51.100.3')));
  expect(rush.filter((r) => r !== undefined)).toHaveLength(3);
});

test("a process that dies leaks nothing for longer than an entry's life: the live one's renewed entries stay", async () => {
  const [live, dead] = [await node(2), await node(2)];
  await takeAll(live, '203.0.113.9', 1);
  await takeAll(dead, '203.0.113.9', 1);
  expect(await live.take('203.0.113.9')).toBeUndefined();

  // `dead` stops renewing without letting go (killed); `live` renews as its timer would.
  dead.stop();
  clock += WATCHER_TTL_MS / 2;
  await live.renew();
  clock += WATCHER_TTL_MS / 2 + 1;
  const freed = await live.take('203.0.113.9');
  expect(freed).toBeDefined();
  // The live process's first socket is still counted: no third.
  expect(await live.take('203.0.113.9')).toBeUndefined();
});

test('Redis holds only what can be built again: lost, its count comes back at the next renewal', async () => {
  const [a, b] = [await node(2), await node(2)];
  await takeAll(a, '192.0.2.5', 2);
  await links[0]!.flushall();
  // Wiped: B would count from nothing, until A writes its sockets again.
  await a.renew();
  expect(await b.take('192.0.2.5')).toBeUndefined();
});

test('with Redis away each process counts alone, so visitors are limited per process and never shut out', async () => {
  const [a, b] = [await node(2), await node(2)];
  await takeAll(a, '192.0.2.77', 2);
  expect(await b.take('192.0.2.77')).toBeUndefined();
  await redis.stop();
  await expect.poll(() => links.every((link) => link.status !== 'ready')).toBe(true);
  // B has nobody of that address here: it lets two in, as a lone process would, and no more.
  await takeAll(b, '192.0.2.77', 2);
  expect(await b.take('192.0.2.77')).toBeUndefined();
  // A's own count still holds for A.
  expect(await a.take('192.0.2.77')).toBeUndefined();
});
