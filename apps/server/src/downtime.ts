import type { Clock } from './clock.ts';
import type { Repos, StartCredit } from './repo/types.ts';

const KEY = 'heartbeat';

/**
 * Server downtime must not count on anyone's clock. While running, the server writes the time
 * every `tickMs`; on start, every open game and race gets the gap since it was last known
 * alive (that beat, or its own last stored action, whichever is later) added to its paused
 * time. The gap is never shorter than the real downtime, and at most one tick longer. Call it
 * when the server is about to take moves again (the app does, on ready), so the start-up is
 * credited too; the heartbeat starts after it, or its first beat would hide the gap.
 */
export async function creditDowntime(repos: Repos, now: Clock): Promise<number> {
  const last = Number(await repos.settings.get(KEY));
  const at = now();
  if (Number.isFinite(last) && last > 0) await repos.games.addDowntime(at, last);
  await repos.settings.set(KEY, String(at));
  return Number.isFinite(last) && last > 0 ? at - last : 0;
}

export function startHeartbeat(repos: Repos, now: Clock, tickMs: number): () => Promise<void> {
  // A beat the disk refuses (full, read-only) is only a beat late; it must not end the process.
  const timer = setInterval(() => repos.settings.set(KEY, String(now())).catch(() => {}), tickMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await repos.settings.set(KEY, String(now()));
  };
}

/** No beat for this many ticks: no process of the cluster was running (or, for one process's beat, it died). */
export const OUTAGE_TICKS = 4;

export interface ClusterHeartbeat {
  /** The whole cluster's outage this start credited, or this `NODE_ID`'s own restart's gap on its deals. */
  readonly credited: StartCredit;
  /** Stops the beats, beating once more (the cluster may be stopping). */
  stop(): Promise<void>;
}

/**
 * Cluster mode (`NODE_ID`): each live process beats its own row every `tickMs`, and the newest
 * beat is when the cluster was last known alive. A process starting while another runs finds a
 * fresh beat and credits nothing to the cluster's games (the others served; a race it held is
 * credited by its takeover, an arena deal by `takeAbandoned` or the takeover of whoever serves it
 * next), except to the arena deals its own `NODE_ID` still holds: its previous run's, unserved
 * since that run's last beat, however soon this one started (`StartCredit.restartMs`). The first to start after a whole-cluster outage finds every
 * beat older than `OUTAGE_TICKS` ticks and credits the outage to every open daily, practice and
 * arena game, once: the check and the credit hold a lock on the beats
 * (`OutageRepo.creditOutage`). The credit is never shorter than the outage and at most one tick
 * longer; an outage shorter than `OUTAGE_TICKS` ticks goes uncredited.
 *
 * After each beat the process sweeps (`OutageRepo.takeAbandoned`): the arena deals of a process
 * whose beat is that stale are taken over, the time since its last beat credited to each, once;
 * `taken` hears them, to serve them as stored. It sweeps only once its own beats have gone
 * through for `OUTAGE_TICKS` ticks in a row: a process cut off from the database (or all of them,
 * while PostgreSQL was out) must not take a live process's beats, late for the same reason, for
 * a death.
 */
export async function startClusterHeartbeat(
  repos: Repos,
  nodeId: string,
  now: Clock,
  tickMs: number,
  taken: (gameIds: string[]) => void = () => {},
): Promise<ClusterHeartbeat> {
  const staleMs = OUTAGE_TICKS * tickMs;
  const credited = await repos.outage.creditOutage(nodeId, now(), staleMs);
  let beatingSince = now();
  let busy = false;
  const tick = async () => {
    const at = now();
    try {
      await repos.outage.beat(nodeId, at);
    } catch {
      // A beat lost to a PostgreSQL hiccup is only a beat late: the next one follows a tick after.
      beatingSince = Number.POSITIVE_INFINITY;
      return;
    }
    if (beatingSince === Number.POSITIVE_INFINITY) beatingSince = at;
    if (at - beatingSince < staleMs) return;
    const ids = await repos.outage.takeAbandoned(nodeId, now(), staleMs);
    if (ids.length > 0) taken(ids);
  };
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    // A sweep that fails (PostgreSQL out of reach) is only a sweep late: the next tick tries again.
    tick()
      .catch(() => {})
      .finally(() => {
        busy = false;
      });
  }, tickMs);
  timer.unref();
  return {
    credited,
    async stop() {
      clearInterval(timer);
      await repos.outage.beat(nodeId, now());
    },
  };
}
