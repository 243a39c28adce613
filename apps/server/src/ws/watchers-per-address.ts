import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Clock } from '../clock.ts';

/** Lets one visitor's socket go from its address's count; a second call does nothing. */
export type Release = () => void;

export interface WatchersPerAddressOptions {
  /** What is counted, and its keys' prefix in Redis: visitors (`watchers`) and early sockets (`early`) apart. */
  readonly name: string;
  /** Visitors' sockets one address may have open at once, over the whole cluster. */
  readonly max: number;
  readonly now: Clock;
  /** The cluster's Redis: without it (one process) the count is this process's alone. */
  readonly redis?: Redis | undefined;
  /** How long a socket's entry in Redis lasts unless this process renews it. */
  readonly ttlMs?: number;
  /** How often this process renews its entries; 0: only when `renew` is called (tests). */
  readonly renewMs?: number;
}

/** An entry lasts 30 s unless renewed: a process that died frees its addresses' counts within it. */
export const WATCHER_TTL_MS = 30_000;
/** Renewed every 10 s: two renewals may fail in a row before an entry of a live socket lapses. */
export const WATCHER_RENEW_MS = 10_000;

/**
 * KEYS: the address's sorted set (member: one socket, score: when its entry lapses).
 * ARGV: now, ttl, max, member. Lapsed entries go, then the socket is counted if there is room.
 */
const TAKE = `
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

/**
 * How many visitors' sockets each network address has open: a class, a family or an office
 * behind one address fits in the default (`WATCHERS_PER_ADDRESS`); a script opening thousands
 * does not. In a cluster the count is the cluster's, in Redis: one sorted set per address, one
 * entry per open socket, each lapsing unless the process holding the socket renews it (as
 * presence's per-process sets do, `cluster-push.ts`), so a process that dies without letting go
 * leaks nothing for longer than `WATCHER_TTL_MS`. This process counts its own sockets too, and
 * that count always holds: while Redis is away (or fails a command) it is the only one, so
 * visitors are limited per process, as without a cluster, and never shut out. Redis holds only
 * what can be built again: each renewal writes every socket open here, so a Redis that lost its
 * data (or missed a take while away) has the whole count again within `WATCHER_RENEW_MS`.
 */
export class WatchersPerAddress {
  private readonly local = new Map<string, number>();
  /** This process's counted sockets: entry → address. */
  private readonly open = new Map<string, string>();
  private readonly o: WatchersPerAddressOptions;
  private readonly ttlMs: number;
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(o: WatchersPerAddressOptions) {
    this.o = o;
    this.ttlMs = o.ttlMs ?? WATCHER_TTL_MS;
    const renewMs = o.renewMs ?? WATCHER_RENEW_MS;
    if (o.redis && renewMs > 0) {
      this.timer = setInterval(() => void this.renew(), renewMs);
      this.timer.unref();
    }
  }

  /** Counts one more socket for `address`; undefined (and nothing counted) when it has `max` already. */
  async take(address: string): Promise<Release | undefined> {
    const n = this.local.get(address) ?? 0;
    if (n >= this.o.max) return undefined;
    // Counted here before Redis answers, so that takes racing on this process see each other.
    const entry = randomUUID();
    this.local.set(address, n + 1);
    this.open.set(entry, address);
    const redis = this.ready();
    if (redis) {
      const args = [this.o.now(), this.ttlMs, this.o.max, entry];
      // A failed command leaves the per-process count to decide.
      const taken = await redis.eval(TAKE, 1, this.keyOf(address), ...args).catch(() => 1);
      if (taken === 0) {
        this.drop(entry);
        return undefined;
      }
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.drop(entry);
    };
  }

  /** Writes this process's open sockets' entries again, lapsing `ttlMs` from now. */
  async renew(): Promise<void> {
    const redis = this.ready();
    if (!redis || this.open.size === 0) return;
    const lapses = this.o.now() + this.ttlMs;
    const write = redis.pipeline();
    for (const [entry, address] of this.open) write.zadd(this.keyOf(address), lapses, entry);
    for (const address of new Set(this.open.values())) write.pexpire(this.keyOf(address), this.ttlMs);
    // Not written: the entries lapse, or the next renewal writes them.
    await write.exec().catch(() => undefined);
  }

  /** Stops renewing (the process closes): entries still open lapse by themselves. */
  stop(): void {
    clearInterval(this.timer);
  }

  private keyOf(address: string): string {
    return `${this.o.name}:${address}`;
  }

  /** Redis, when it can answer now: a command to a reconnecting one would wait in ioredis's queue. */
  private ready(): Redis | undefined {
    const redis = this.o.redis;
    return redis?.status === 'ready' ? redis : undefined;
  }

  private drop(entry: string): void {
    const address = this.open.get(entry);
    if (address === undefined) return;
    this.open.delete(entry);
    const n = (this.local.get(address) ?? 1) - 1;
    if (n <= 0) this.local.delete(address);
    else this.local.set(address, n);
    // Not removed (Redis away): it lapses, as it is no longer renewed.
    void this.ready()
      ?.zrem(this.keyOf(address), entry)
      .catch(() => undefined);
  }
}
