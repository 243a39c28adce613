import { defineProject } from 'vitest/config';
import { sourceForNode } from '../../vitest.source.ts';

export default defineProject({
  ...sourceForNode,
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // The production smoke test, the launcher and the cluster's proofs start real processes from
    // the build, and the daily across processes stores 3,000 results: they run apart
    // (vitest.production.config.ts, vitest.cluster.config.ts), once each.
    exclude: [
      'src/ops/production.test.ts',
      'src/cluster/launcher/launcher.test.ts',
      'src/cluster/proofs/proof.test.ts',
      'src/cluster/proofs/engine-outages.test.ts',
      'src/cluster/proofs/pg-outage-page.test.ts',
      'src/cluster/proofs/daily-across.test.ts',
      'src/cluster/proofs/arena-across.test.ts',
    ],
    testTimeout: 20_000,
    // The files share their workers' module cache: importing the server's modules again for each
    // test file was half of this project's time (603 s against 299 s, measured). No test
    // mocks a module or stubs a global, fake timers are given back after each test, and the
    // project passes with its files shuffled, so no file depends on what another left behind.
    isolate: false,
  },
});
