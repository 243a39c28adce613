import type { Clock } from './clock.ts';
import type { Repos } from './repo/types.ts';

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

/** No beat for this many ticks: no process of the cluster was running. */
const OUTAGE_TICKS = 4;

/**
 * Cluster mode (`NODE_ID`): one heartbeat for the whole cluster, which every live process beats
 * every `tickMs`. A process starting while another runs finds a fresh beat and credits nothing
 * (the others served; a race it held is credited by its takeover). The first to start after a
 * whole-cluster outage finds the beat older than `OUTAGE_TICKS` ticks and credits the outage to
 * every open daily and practice game, once: the check and the credit hold a lock on the beat
 * (`OutageRepo.creditOutage`). The credit is never shorter than the outage and at most one tick
 * longer; an outage shorter than `OUTAGE_TICKS` ticks goes uncredited.
 * Returns the function that stops the beats, beating once more (the cluster may be stopping).
 */
export async function startClusterHeartbeat(
  repos: Repos,
  now: Clock,
  tickMs: number,
): Promise<{ downtimeMs: number; stop: () => Promise<void> }> {
  const downtimeMs = await repos.outage.creditOutage(now(), OUTAGE_TICKS * tickMs);
  // A beat lost to a PostgreSQL hiccup is only a beat late: the next one follows a tick after.
  const timer = setInterval(() => repos.outage.beat(now()).catch(() => {}), tickMs);
  timer.unref();
  return {
    downtimeMs,
    async stop() {
      clearInterval(timer);
      await repos.outage.beat(now());
    },
  };
}
