import { expect, test } from 'vitest';
import { sqliteRepos } from '../repo/sqlite/index.ts';
import { LEASE_MARGIN_MS, Leases } from './leases.ts';

test('a lease is acted on without asking while, by its own clock, more than the margin is left; past it a renewal decides', async () => {
  const repos = sqliteRepos(':memory:');
  let clock = 1_000_000;
  const leases = new Leases({ nodeId: 'node-1', repo: repos.ownership, now: () => clock, leaseMs: 5000 });
  expect(leases.holds('ABCD', clock)).toBe(false);
  expect((await leases.claim('ABCD')).ok).toBe(true);
  expect(leases.holds('ABCD', clock + 5000 - LEASE_MARGIN_MS - 1)).toBe(true);
  // Paused past that point (SIGSTOP): whatever it reads on waking is not its to act on.
  expect(leases.holds('ABCD', clock + 5000 - LEASE_MARGIN_MS)).toBe(false);
  // A renewal made in time moves it on; a room let go is held no more.
  clock += 3000;
  expect(await leases.renewAll()).toEqual([]);
  expect(leases.holds('ABCD', clock + 5000 - LEASE_MARGIN_MS - 1)).toBe(true);
  clock += 4500;
  expect(leases.holds('ABCD', clock)).toBe(false);
  expect(await leases.renew('ABCD')).toBe(true);
  expect(leases.holds('ABCD', clock)).toBe(true);
  // Lapsed, even with nobody else claiming it: not renewed as if nothing happened (it is to be
  // claimed again, its gap credited).
  clock += 5000;
  expect(await leases.renew('ABCD')).toBe(false);
  expect(await leases.renewAll()).toEqual(['ABCD']);
  // Taken by another process while this one was away: its renewal is refused.
  clock += 10_000;
  expect((await repos.ownership.claim('ABCD', 'node-2', clock, 5000)).ok).toBe(true);
  expect(await leases.renew('ABCD')).toBe(false);
  expect(leases.holds('ABCD', clock)).toBe(false);
  leases.forget('ABCD');
  expect(leases.holds('ABCD', clock)).toBe(false);
  await repos.close();
});
