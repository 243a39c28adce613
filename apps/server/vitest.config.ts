import { defineProject } from 'vitest/config';
import { sourceForNode } from '../../vitest.source.ts';

export default defineProject({
  ...sourceForNode,
  test: { name: 'server', include: ['src/**/*.test.ts'], testTimeout: 20_000 },
});
