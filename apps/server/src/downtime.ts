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
  const timer = setInterval(() => void repos.settings.set(KEY, String(now())), tickMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await repos.settings.set(KEY, String(now()));
  };
}
