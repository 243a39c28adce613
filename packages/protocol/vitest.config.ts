import { defineProject } from 'vitest/config';
import { sourceForNode } from '../../vitest.source.ts';

export default defineProject({ ...sourceForNode, test: { name: 'protocol', include: ['src/**/*.test.ts'] } });
