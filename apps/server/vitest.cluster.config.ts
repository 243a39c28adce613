import { defineConfig } from 'vitest/config';
import { sourceForNode } from '../../vitest.source.ts';

/**
 * The cluster end to end (`pnpm test:cluster`, a step of `pnpm test`): `pnpm cluster` as an operator
 * runs it (launcher.test.ts) and issue #14's proofs on real processes (proof.test.ts). Each file
 * runs PostgreSQL, Redis, HAProxy and three server processes from the build (made once, in
 * `build.global.ts`), work that would slow the unit tests' clocks if it ran among them; the files
 * run one after the other for the same reason.
 */
export default defineConfig({
  ...sourceForNode,
  root: import.meta.dirname,
  test: {
    name: 'cluster',
    include: ['src/cluster/launcher.test.ts', 'src/cluster/proof.test.ts'],
    globalSetup: ['src/cluster/build.global.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
