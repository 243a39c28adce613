import type { Redis } from 'ioredis';

/**
 * Every visitor's socket a cluster's Redis counts (`WatchersPerAddress` under `watchers:ADDRESS`),
 * over every process and address: what the tests of the cluster-wide limit read.
 */
export async function visitorsCounted(redis: Redis): Promise<number> {
  const keys = await redis.keys('watchers:*');
  return (await Promise.all(keys.map((key) => redis.zcard(key)))).reduce((sum, n) => sum + n, 0);
}
