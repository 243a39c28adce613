import { defineProject } from 'vitest/config';
import { sourceForNode } from '../../vitest.source.ts';

export default defineProject({
  ...sourceForNode,
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // The production smoke test builds everything: it runs apart (vitest.production.config.ts).
    exclude: ['src/ops/production.test.ts'],
    testTimeout: 20_000,
  },
});
