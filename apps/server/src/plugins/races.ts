import fp from 'fastify-plugin';
import { RaceHub } from '../races/hub.ts';
import { LEASE_MS, Leases } from '../races/leases.ts';
import { NOT_OWNER } from '../ws/close-codes.ts';
import { VisitorSockets } from '../ws/visitor-sockets.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The race rooms. */
    hub: RaceHub;
    /** Cluster mode: the rooms this process owns, under a lease in the database. */
    leases: Leases | undefined;
    /** The sockets of visitors who watch a room without a name; rooms reach them as they reach members. */
    visitors: VisitorSockets;
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
    const visitors = new VisitorSockets();
    const hub = new RaceHub({
      repos,
      games: app.games,
      deals: app.deals,
      certifier: app.certifier,
      push: visitors.reaching(app.push),
      players: app.push,
      now,
      countdownMs: options.countdownMs ?? 3000,
      absentGraceMs: options.absentGraceMs,
      idleBeforeEndMs: options.idleBeforeEndMs,
      leases,
      // A visitor's socket too: it reconnects to the room's new owner like a member's.
      disconnect: (id, owner) =>
        visitors.has(id) ? visitors.closeAll(id, NOT_OWNER, owner) : connections.closeAll(id, NOT_OWNER, owner),
      log: (error, code, what) => app.log.error({ err: error, code }, what),
    });
    app.presence.listen((playerId) => hub.presenceChanged(playerId));
    app.decorate('hub', hub);
    app.decorate('leases', leases);
    app.decorate('visitors', visitors);
    app.addHook('onClose', async () => hub.stop());
  },
  { name: 'races', dependencies: ['basics', 'storage', 'deals', 'realtime', 'play'] },
);
