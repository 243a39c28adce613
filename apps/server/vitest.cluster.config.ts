import { defineConfig } from 'vitest/config';
import { sourceForNode } from '../../vitest.source.ts';

/**
 * The cluster end to end (`pnpm test:cluster`, a step of `pnpm test`): `pnpm cluster` as an operator
 * runs it (launcher.test.ts), issue #14's proofs on real processes (proof.test.ts), issue #38's engine outages under a race
 * (engine-outages.test.ts) and under a page in Chromium (pg-outage-page.test.ts, on the built web app), the daily
 * across three processes (daily-across.test.ts, 3,000 results) and the cluster load bench at a
 * tiny size (bench/server/cluster-load.test.ts, with its room-page sockets). Each runs PostgreSQL, Redis and
 * several servers (the first two from the build, made once in `build.global.ts`, behind HAProxy),
 * work that would slow the unit tests' clocks if it ran among them; the files run one after the
 * other for the same reason.
 */
export default defineConfig({
  ...sourceForNode,
  root: import.meta.dirname,
  test: {
    name: 'cluster',
    include: [
      'src/cluster/launcher/launcher.test.ts',
      'src/cluster/proofs/proof.test.ts',
      'src/cluster/proofs/engine-outages.test.ts',
      'src/cluster/proofs/pg-outage-page.test.ts',
      'src/cluster/proofs/daily-across.test.ts',
      'src/cluster/proofs/arena-across.test.ts',
      '../../bench/server/cluster-load.test.ts',
      '../../bench/server/room-socket.test.ts',
    ],
    globalSetup: ['src/cluster/proofs/build.global.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
