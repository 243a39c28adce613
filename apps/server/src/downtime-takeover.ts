import type { Clock } from './clock.ts';
import type { DealHolder, OutageRepo } from './repo/types.ts';

export interface TakeDealOptions {
  /** This process (`NODE_ID`). */
  readonly nodeId: string;
  readonly now: Clock;
  /** The heartbeat's tick: a live holder beats again within it. */
  readonly tickMs: number;
  /** A holder that has not beat for this long died (`OUTAGE_TICKS` ticks). */
  readonly staleMs: number;
  /** Waits `ms` (a timer; a test's moves its clock and the beats). */
  readonly wait: (ms: number) => Promise<void>;
}

/**
 * Before this process serves an arena deal (its player came back on a socket here): it takes the
 * deal from the process that held it. From a live holder (the player's socket moved: a reload, a
 * second tab) it is taken as it is, and nothing is credited: a dropped socket must not pause a
 * player's clock. From a dead one, the seconds nobody served it since that process's last beat
 * are credited to it (`OutageRepo.take`). Which it is, a beat tells: a holder whose beat moves on
 * is alive; one whose beat goes `staleMs` old died. So a deal held by a process that beat within
 * `staleMs` waits for its next beat (at most a tick when it lives, `staleMs` when it died, as its
 * player would have until the sweep took it). Answers whether the deal changed hands (then what
 * this process holds of it in memory is behind what is stored).
 */
export async function takeDeal(outage: OutageRepo, gameId: string, o: TakeDealOptions): Promise<boolean> {
  let first: DealHolder | undefined;
  for (;;) {
    const holder = await outage.holderOf(gameId);
    if (!holder || holder.nodeId === o.nodeId) return false;
    if (first?.nodeId !== holder.nodeId) first = holder;
    const verdict = judge(holder, first, o.now(), o.staleMs);
    if (verdict === 'unknown') {
      await o.wait(o.tickMs);
      continue;
    }
    const deadSince = verdict === 'dead' ? holder.beatAt : null;
    // Taken by another process meanwhile: the next round judges that one.
    if (await outage.take(gameId, o.nodeId, holder, deadSince, o.now())) return true;
  }
}

/**
 * A holder whose beat moved since it was first read lives; one with a beat `staleMs` old died; a
 * deal nobody holds (dealt before holders were kept) or whose holder never beat is taken as it is.
 */
function judge(holder: DealHolder, first: DealHolder, now: number, staleMs: number): 'as-is' | 'dead' | 'unknown' {
  if (holder.nodeId === null || holder.beatAt === null) return 'as-is';
  if (first.beatAt !== null && holder.beatAt > first.beatAt) return 'as-is';
  return now - holder.beatAt >= staleMs ? 'dead' : 'unknown';
}
