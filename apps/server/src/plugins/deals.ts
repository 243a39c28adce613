import type { SolverPool } from '@scorpion/solver';
import fp from 'fastify-plugin';
import { acceptEveryDeal, type Certifier } from '../deals/certify.ts';
import { solverCertifier } from '../deals/solver-certifier.ts';
import { type DealSource, secretDeals } from '../deals/source.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where deals come from: the secret's for the daily, fresh ones for races and practice. */
    deals: DealSource;
    /** Whether a deal is winnable: the solver's threads, unless a test gives its own verdict. */
    certifier: Certifier;
    solver: SolverPool | undefined;
  }
}

export interface DealsOptions {
  readonly deals?: DealSource | undefined;
  readonly certifier?: Certifier | undefined;
  readonly solver?: SolverPool | undefined;
}

/** Deals and their certificates; the solver's threads close with the app. */
export const dealsPlugin = fp<DealsOptions>(
  async (app, options) => {
    const solver = options.solver;
    app.decorate('deals', options.deals ?? secretDeals(app.secret));
    app.decorate('certifier', options.certifier ?? (solver ? solverCertifier(solver) : acceptEveryDeal));
    app.decorate('solver', solver);
    if (solver) {
      app.metrics.watchSolver(solver);
      // The reason stays in the log: /readyz is public and says only how many died, and when.
      solver.onDeath(({ error, exitCode, restartInMs }) =>
        app.log.error({ err: error, exitCode, restartInMs }, 'solver thread died; restarting after a backoff'),
      );
    }
    app.addHook('onClose', async () => solver?.close());
  },
  { name: 'deals', dependencies: ['basics', 'storage'] },
);
