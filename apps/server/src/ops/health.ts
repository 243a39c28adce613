import type { PoolHealth } from '@scorpion/solver';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import { compileZodSchemas } from '../plugins/api-docs.ts';
import type { Readiness } from '../repo/types.ts';
import { refusals } from '../routes/schema.ts';

/** `GET /api/health`: the process answers, with its clock and, in a cluster, its name. */
const HealthAnswer = z.strictObject({
  ok: z.literal(true),
  /** The server's clock (ms since the epoch). */
  serverTime: z.int(),
  /** Which process answered, in a cluster. */
  node: z.string().optional(),
});

/**
 * Ready as far as the solver goes: with CERTIFY=solver, no thread is waiting to be restarted
 * and threads have not died repeatedly of late (the pool's `problem`). Without a solver
 * (CERTIFY=none) there is nothing to wait for.
 */
export function solverReadiness(health: PoolHealth | undefined): Readiness {
  return health?.problem ? { ok: false, reason: `solver unavailable: ${health.problem}` } : { ok: true };
}

/**
 * `/healthz`: the process serves HTTP (a container's liveness check), as `/api/health` does
 * with the server's clock. `/readyz`: it can take players (the repository's `ready()`, then
 * `solverReadiness`), 503 with the reason otherwise; in a cluster both say which process
 * answered (`node`), and `/readyz` whether Redis answers (`redis: 'up' | 'down'`), which it
 * can serve without. Once shutdown begins, Fastify answers every request, these included, with
 * 503 until the port closes, so a load balancer stops sending players at once.
 *
 * A load balancer checks every process twice a second: a check that passes logs nothing (the
 * routes log at `warn`); a failing one logs its reason as a warning when the reason changes, and
 * the first pass after it logs that the process is ready again, so an outage of an hour is two
 * lines, not seven thousand.
 */
export async function healthRoutes(
  app: FastifyInstance,
  opts: {
    ready: () => Promise<Readiness>;
    /**
     * How the engines are doing, told beside the answer: those a process can serve without
     * (`redis: 'down'`), and the embedded file's `storage` (`'full'`…). Asked after `ready`.
     */
    engines?: (() => Promise<Record<string, string>>) | undefined;
    now: Clock;
    nodeId?: string | undefined;
  },
) {
  // Registered on its own in its test: the schema below is zod, compiled as the app compiles it.
  compileZodSchemas(app);
  const quiet = { logLevel: 'warn' } as const;
  app.get('/healthz', quiet, async (_request, reply) => reply.header('cache-control', 'no-store').send({ ok: true }));
  // The older check, with the server's clock; a load balancer may still poll it as often.
  app.get('/api/health', { ...quiet, schema: { response: { 200: HealthAnswer, ...refusals } } }, async () => ({
    ok: true,
    serverTime: opts.now(),
    ...(opts.nodeId === undefined ? {} : { node: opts.nodeId }),
  }));
  let lastReason: string | undefined;
  app.get('/readyz', quiet, async (request, reply) => {
    const state = await opts.ready();
    const engines = await opts.engines?.();
    const reason = state.ok ? undefined : state.reason;
    if (reason !== undefined && reason !== lastReason) request.log.warn({ reason }, 'not ready');
    if (reason === undefined && lastReason !== undefined) request.log.warn('ready again');
    lastReason = reason;
    return reply
      .code(state.ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ ...state, ...engines, ...(opts.nodeId === undefined ? {} : { node: opts.nodeId }) });
  });
}
