import { defineConfig } from 'vitest/config';
import { sourceForNode } from '../../vitest.source.ts';

/**
 * The production smoke test alone (`pnpm test:prod`, a step of `pnpm test`): it builds every
 * package and starts the production install, CPU-heavy work that would slow the unit tests'
 * clocks if it ran among them.
 */
export default defineConfig({
  ...sourceForNode,
  root: import.meta.dirname,
  test: { name: 'production', include: ['src/ops/production.test.ts'], testTimeout: 120_000 },
});
