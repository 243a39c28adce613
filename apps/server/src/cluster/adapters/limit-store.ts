import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

// The plugin's own two stores (its package has no exports map and no types for them): the
// counting rules stay the plugin's, and only the choice between them is ours.
const require = createRequire(import.meta.url);
type StoreClass = new (...args: unknown[]) => FastifyRateLimitStore;
const RedisStore: StoreClass = require('@fastify/rate-limit/store/RedisStore.js');
const LocalStore: StoreClass = require('@fastify/rate-limit/store/LocalStore.js');

type Count = { current: number; ttl: number };
type Counted = (error: Error | null, result?: Count) => void;

/**
 * Of each budget, what one process lets through on its own while Redis is away: half, so that
 * two processes counting apart allow about what the shared count would, and never less than one.
 */
export const fallbackMax = (max: number) => Math.max(1, Math.floor(max / 2));

/**
 * The cluster's rate-limit counts: in Redis, so every process counts against one budget; while
 * Redis is away, in this process's memory against `fallbackMax` of the budget, so limits hold
 * (lower, per process) rather than let every request through or refuse them all. A count that
 * fails in Redis is counted here instead, and nothing is carried back when Redis returns (its
 * windows start over, as after any loss of Redis: docs/operations.md, "Redis").
 */
class FallbackStore implements FastifyRateLimitStore {
  private readonly redis: Redis;
  private readonly shared: FastifyRateLimitStore;
  private readonly local: FastifyRateLimitStore;

  constructor(redis: Redis, shared: FastifyRateLimitStore, local: FastifyRateLimitStore) {
    this.redis = redis;
    this.shared = shared;
    this.local = local;
  }

  incr(key: string, done: Counted, timeWindow: number, max: number): void {
    // A command to a Redis that is reconnecting would wait in ioredis's queue: count here at once.
    if (this.redis.status !== 'ready') {
      this.alone(key, done, timeWindow, max);
      return;
    }
    this.shared.incr(
      key,
      (error, result) => (error || !result ? this.alone(key, done, timeWindow, max) : done(null, result)),
      timeWindow,
      max,
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new FallbackStore(this.redis, this.shared.child(routeOptions), this.local.child(routeOptions));
  }

  private alone(key: string, done: Counted, timeWindow: number, max: number): void {
    this.local.incr(
      key,
      (error, result) => {
        if (error || !result) {
          done(error);
          return;
        }
        // Past the lower ceiling reads as past the real one: the plugin compares with `max`.
        done(null, { current: result.current > fallbackMax(max) ? max + 1 : result.current, ttl: result.ttl });
      },
      timeWindow,
      max,
    );
  }
}

/** The options the plugin passes a store's constructor that its own stores read. */
type StoreOptions = FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean };

/** `@fastify/rate-limit`'s `store` option: a constructor it calls with its own options. */
export function fallbackLimitStore(redis: Redis, nameSpace: string, cache: number): FastifyRateLimitStoreCtor {
  return class extends FallbackStore {
    constructor({ continueExceeding = false, exponentialBackoff = false }: StoreOptions) {
      super(
        redis,
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff, cache),
      );
    }
  };
}
