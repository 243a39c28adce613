import { defineProject } from 'vitest/config';
import { sourceForNode } from '../../vitest.source.ts';

export default defineProject({ ...sourceForNode, test: { name: 'cli', include: ['src/**/*.test.ts'] } });
