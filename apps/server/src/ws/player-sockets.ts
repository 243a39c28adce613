import { RateLimit } from './rate-limit.ts';

export interface SocketLimits {
  /** Frames a second for one player, over all their sockets, and the burst above it. */
  readonly perSecond: number;
  readonly burst: number;
  /** Open sockets one player may hold; the next one is refused. */
  readonly maxSockets: number;
}

interface Entry {
  sockets: number;
  readonly budget: RateLimit;
}

/**
 * Each player's open sockets and their one message budget. A player is known here by the token
 * of their signed cookie, at once on the upgrade, before the database has said who they are:
 * frames sent before `welcome` are counted too, and a player cannot widen their budget by
 * opening more sockets, nor refill it by closing and reopening them (the entry outlives the
 * sockets until its credit is whole again).
 */
export class PlayerSockets {
  private readonly byKey = new Map<string, Entry>();
  private readonly limits: SocketLimits;
  /** The refill clock in ms (`performance.now` in production; tests step their own). */
  private readonly clock: () => number;

  constructor(limits: SocketLimits, clock: () => number) {
    this.limits = limits;
    this.clock = clock;
  }

  /** A new socket for `key`: its shared budget, or undefined when the player holds the most sockets allowed. */
  open(key: string): RateLimit | undefined {
    let entry = this.byKey.get(key);
    if (!entry) {
      const { perSecond, burst } = this.limits;
      entry = { sockets: 0, budget: new RateLimit(perSecond, burst, perSecond, this.clock()) };
      this.byKey.set(key, entry);
    }
    if (entry.sockets >= this.limits.maxSockets) return undefined;
    entry.sockets++;
    return entry.budget;
  }

  close(key: string): void {
    const entry = this.byKey.get(key);
    if (entry) entry.sockets--;
  }

  /** How many sockets `key` holds open. */
  count(key: string): number {
    return this.byKey.get(key)?.sockets ?? 0;
  }

  /** Forgets the players with no socket whose budget has refilled: they would start afresh anyway. */
  sweep(): void {
    const now = this.clock();
    for (const [key, entry] of this.byKey) {
      if (entry.sockets === 0 && entry.budget.rested(now)) this.byKey.delete(key);
    }
  }
}
