import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { benchClusterLoad } from './cluster-load.ts';

const KNOWN_DEALS = fileURLToPath(new URL('../../apps/server/src/test/known-deals.mjs', import.meta.url));

/*
 * The cluster load bench at a tiny size, in `pnpm test:cluster`: the same code as
 * `pnpm bench --only cluster`, on two processes behind HAProxy, every race dealt the known deal.
 * Times are the bench's to print, never a verdict here.
 */
test('the load through HAProxy on two processes: no errors, every acknowledged action stored once, and the processes carried them all', async () => {
  const figures = await benchClusterLoad({
    processes: 2,
    players: 40,
    seconds: 3,
    movesPerSecond: 2,
    env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${KNOWN_DEALS}`.trim(), CERTIFY: 'none' },
  });
  expect(figures.errors).toEqual({});
  expect(figures.closed).toBe(0);
  expect(figures.races).toBe(20);
  const { stored } = figures;
  expect(stored.acked).toBeGreaterThan(0);
  expect(stored.lost).toEqual([]);
  expect(stored.storedOnce).toBe(stored.acked);
  expect(stored.unacked).toBe(0);
  // Each process counted what it stored and acknowledged: together, every ack the clients got.
  const perProcess = Object.values(figures.perProcess);
  expect(perProcess).toHaveLength(2);
  expect(perProcess.reduce((a, b) => a + b, 0)).toBe(stored.acked);
  // The engines were read around the load: every action is a PostgreSQL write of its own or in a
  // group commit, so there were writes and WAL for them; Redis ran commands (presence, pushes).
  expect(figures.engines.pgWrites).toBeGreaterThan(0);
  expect(figures.engines.walBytes).toBeGreaterThan(0);
  expect(figures.engines.redisCommands).toBeGreaterThan(0);
  // The hosts' lobby sockets are spread by least connections, and each room runs where it was made.
  for (const actions of perProcess) expect(actions).toBeGreaterThan(0);
}, 120_000);
