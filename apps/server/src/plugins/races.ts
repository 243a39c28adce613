import fp from 'fastify-plugin';
import { RaceHub } from '../races/hub.ts';
import { LEASE_MS, Leases } from '../races/leases.ts';
import { NOT_OWNER } from '../ws/close-codes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The race rooms. */
    hub: RaceHub;
    /** Cluster mode: the rooms this process owns, under a lease in the database. */
    leases: Leases | undefined;
  }
}

export interface RacesOptions {
  readonly countdownMs?: number | undefined;
  readonly leaseMs?: number | undefined;
  readonly absentGraceMs?: number | undefined;
  readonly idleBeforeEndMs?: number | undefined;
}

/** Race rooms and their races; each room hears who of its members is here. */
export const racesPlugin = fp<RacesOptions>(
  async (app, options) => {
    const { connections, repos, now, nodeId } = app;
    const leaseMs = options.leaseMs ?? LEASE_MS;
    const leases = nodeId ? new Leases({ nodeId, repo: repos.ownership, now, leaseMs }) : undefined;
    const hub = new RaceHub({
      repos,
      games: app.games,
      deals: app.deals,
      certifier: app.certifier,
      push: app.push,
      now,
      countdownMs: options.countdownMs ?? 3000,
      absentGraceMs: options.absentGraceMs,
      idleBeforeEndMs: options.idleBeforeEndMs,
      leases,
      disconnect: (playerId, owner) => connections.closeAll(playerId, NOT_OWNER, owner),
      log: (error, code, what) => app.log.error({ err: error, code }, what),
    });
    app.presence.listen((playerId) => hub.presenceChanged(playerId));
    app.decorate('hub', hub);
    app.decorate('leases', leases);
    app.addHook('onClose', async () => hub.stop());
  },
  { name: 'races', dependencies: ['basics', 'storage', 'deals', 'realtime', 'play'] },
);
