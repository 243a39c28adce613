import type { Clock } from './clock.ts';
import { HEARTBEAT_KEY as KEY, type Repos } from './repo/types.ts';

/**
 * Server downtime must not count on anyone's clock. While running, the server writes the time
 * every `tickMs` (and with every stored action); on start, the gap since the last beat is added
 * to the paused time of every open game and race. The gap is never shorter than the real
 * downtime, and at most one tick longer when the server was idle before it stopped.
 */
export async function creditDowntime(repos: Repos, now: Clock): Promise<number> {
  const last = Number(await repos.settings.get(KEY));
  const gap = Number.isFinite(last) && last > 0 ? Math.max(0, now() - last) : 0;
  if (gap > 0) await repos.games.addDowntime(gap);
  await repos.settings.set(KEY, String(now()));
  return gap;
}

export function startHeartbeat(repos: Repos, now: Clock, tickMs: number): () => Promise<void> {
  const timer = setInterval(() => void repos.settings.set(KEY, String(now())), tickMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await repos.settings.set(KEY, String(now()));
  };
}
