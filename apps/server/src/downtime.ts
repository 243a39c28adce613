import type { Clock } from './clock.ts';
import type { Repos } from './repo/types.ts';

const KEY = 'heartbeat';

/**
 * Server downtime must not count on anyone's clock. While running, the server writes the time
 * every `tickMs`; on start, the gap since the last beat is added to the paused time of every
 * open game and race. (Accurate to one tick: at most `tickMs` of a crash is counted.)
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
