import fp from 'fastify-plugin';
import { RaceHub } from '../races/hub.ts';
import { NOT_OWNER } from '../ws/close-codes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The race rooms. */
    hub: RaceHub;
  }
}

export interface RacesOptions {
  readonly countdownMs?: number | undefined;
  readonly absentGraceMs?: number | undefined;
  readonly idleBeforeEndMs?: number | undefined;
}

/** Race rooms and their races; each room hears who of its members is here. */
export const racesPlugin = fp<RacesOptions>(
  async (app, options) => {
    const { connections } = app;
    const hub = new RaceHub({
      repos: app.repos,
      games: app.games,
      live: app.liveRaces,
      deals: app.deals,
      certifier: app.certifier,
      push: app.push,
      now: app.now,
      countdownMs: options.countdownMs ?? 3000,
      absentGraceMs: options.absentGraceMs,
      idleBeforeEndMs: options.idleBeforeEndMs,
      leases: app.leases,
      disconnect: (playerId, owner) => connections.closeAll(playerId, NOT_OWNER, owner),
      log: (error, code, what) => app.log.error({ err: error, code }, what),
    });
    app.gameHooks.confirmOwnerWith((code) => hub.confirmOwner(code));
    app.presence.listen((playerId) => hub.presenceChanged(playerId));
    app.decorate('hub', hub);
    app.addHook('onClose', async () => hub.stop());
  },
  { name: 'races', dependencies: ['basics', 'storage', 'deals', 'realtime', 'play'] },
);
