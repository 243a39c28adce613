import { defineProject } from 'vitest/config';
import { sourceForNode } from '../vitest.source.ts';

export default defineProject({
  ...sourceForNode,
  test: {
    name: 'bench',
    include: ['**/*.test.ts'],
    // These two run with the cluster's proofs (apps/server/vitest.cluster.config.ts): the first
    // starts PostgreSQL, Redis, HAProxy and servers; the second is the first's helper.
    exclude: ['**/node_modules/**', 'server/cluster-load.test.ts', 'server/room-socket.test.ts'],
  },
});
