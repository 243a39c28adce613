import fp from 'fastify-plugin';
import { creditDowntime, OUTAGE_TICKS, startClusterHeartbeat, startHeartbeat } from '../downtime.ts';
import { takeDeal } from '../downtime-takeover.ts';
import { rekeyNicknames } from '../identity/nickname-keys.ts';
import { RENEW_MS, TAKEOVER_MS } from '../races/leases.ts';

export interface RestoreOptions {
  readonly heartbeatMs?: number | undefined;
  /** How often rooms' leases are renewed (cluster mode); 0: only when a test calls `hub.tickLeases()`. */
  readonly renewMs?: number | undefined;
}

/**
 * What a start restores before the port opens: stored names and sessions brought up to date,
 * the downtime credited to every open clock, the running races resumed (or, in a cluster, the
 * orphaned ones taken over), the unsettled arenas taken up and the past days' dailies closed; then the heartbeat that measures
 * the next downtime, and the leases renewed while the process runs.
 */
export const restorePlugin = fp<RestoreOptions>(
  async (app, options) => {
    const { repos, now, hub, daily, leases, arenas } = app;
    const nicknamesRekeyed = await rekeyNicknames(repos);
    const devicesAdopted = await repos.sessions.adoptLegacyTokens(now());
    let stopHeartbeat: (() => Promise<void>) | undefined;
    let leaseTimer: NodeJS.Timeout | undefined;
    let takeoverTimer: NodeJS.Timeout | undefined;
    // At ready, the last step before `listen` opens the port: every plugin and route is loaded and
    // no socket can carry a move yet, so start-up is off the clocks. Only what needs the credit
    // first (race timers, past dailies closed) runs after it.
    app.addHook('onReady', async () => {
      // In a cluster other processes may have run on while this one was down: only a whole-cluster
      // outage is credited here, and each race's gap by its takeover (`hub.takeOver`).
      const tickMs = options.heartbeatMs ?? 250;
      let downtimeMs: number;
      let restartMs = 0;
      if (leases) {
        const { nodeId } = leases;
        const staleMs = OUTAGE_TICKS * tickMs;
        const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
        arenas.holdAs({
          nodeId,
          take: (gameId) => takeDeal(repos.outage, gameId, { nodeId, now, tickMs, staleMs, wait }),
        });
        const taken = (gameIds: string[]) => {
          arenas.takenOver(gameIds).catch((error: unknown) => app.log.error({ err: error }, 'arena deals taken over'));
          app.log.info({ gameIds }, 'arena deals of a dead process taken over, their unserved time credited');
        };
        const heartbeat = await startClusterHeartbeat(repos, nodeId, now, tickMs, taken);
        downtimeMs = heartbeat.credited.outageMs;
        restartMs = heartbeat.credited.restartMs;
        stopHeartbeat = heartbeat.stop;
      } else {
        downtimeMs = await creditDowntime(repos, now);
        stopHeartbeat = startHeartbeat(repos, now, tickMs);
      }
      const resumed = leases ? await hub.takeOver() : await hub.resumeRunning();
      // Arenas are taken up from storage after the credit, so their deals' limits are the moved ones.
      await arenas.restore();
      const renewMs = options.renewMs ?? RENEW_MS;
      if (leases && renewMs > 0) {
        leaseTimer = setInterval(() => {
          hub.tickLeases().catch((error: unknown) => app.log.error({ err: error }, 'lease renewal failed'));
        }, renewMs);
        leaseTimer.unref();
        // Orphans are looked for more often than leases are renewed: one read, and a slow one is
        // not overlapped by the next.
        let looking = false;
        takeoverTimer = setInterval(() => {
          if (looking) return;
          looking = true;
          hub
            .takeOver()
            .catch((error: unknown) => app.log.error({ err: error }, 'takeover failed'))
            .finally(() => {
              looking = false;
            });
        }, TAKEOVER_MS);
        takeoverTimer.unref();
      }
      const closed = await daily.closePastDays();
      app.log.info(
        { downtimeMs, restartMs, racesResumed: resumed, pastDailiesClosed: closed, nicknamesRekeyed, devicesAdopted },
        'state restored',
      );
    });
    app.addHook('onClose', async () => {
      clearInterval(leaseTimer);
      clearInterval(takeoverTimer);
      // The last beat: the time from here to the next start is credited to every open clock.
      // Never ready, never credited: no beat either, or this start's downtime would be lost.
      await stopHeartbeat?.();
    });
  },
  { name: 'restore', dependencies: ['basics', 'storage', 'play', 'races', 'arenas', 'daily'] },
);
