import fp from 'fastify-plugin';
import { type Clock, systemClock } from '../clock.ts';
import { ServerMetrics } from '../ops/metrics-server.ts';
import { Drain } from '../ops/shutdown.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The game clock every service reads (a test's own clock when it gives one). */
    now: Clock;
    metrics: ServerMetrics;
    /** The frames and requests in flight that a shutdown waits for. */
    drain: Drain;
    /** This process's id in a cluster (`NODE_ID`); undefined when embedded. */
    nodeId: string | undefined;
  }
}

export interface BasicsOptions {
  readonly now?: Clock | undefined;
  readonly nodeId?: string | undefined;
}

/** What every other plugin reads: the clock, the metrics, the shutdown's drain, the node's id. */
export const basicsPlugin = fp<BasicsOptions>(
  async (app, options) => {
    app.decorate('now', options.now ?? systemClock);
    app.decorate('metrics', new ServerMetrics());
    app.decorate('drain', new Drain());
    app.decorate('nodeId', options.nodeId);
  },
  { name: 'basics' },
);
