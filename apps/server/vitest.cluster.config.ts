import { defineConfig } from 'vitest/config';
import { sourceForNode } from '../../vitest.source.ts';

/**
 * `pnpm cluster` end to end (`pnpm test:cluster`, a step of `pnpm test`): it builds the server and
 * runs PostgreSQL, Redis, HAProxy and three server processes, work that would slow the unit
 * tests' clocks if it ran among them. So does the daily across three processes (3,000 results).
 */
export default defineConfig({
  ...sourceForNode,
  root: import.meta.dirname,
  test: {
    name: 'cluster',
    include: ['src/cluster/launcher.test.ts', 'src/cluster/daily-across.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
