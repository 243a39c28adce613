import { Redis } from 'ioredis';

/** The two connections a process keeps to Redis: one for commands, one listening (pub/sub). */
export interface RedisLinks {
  readonly commands: Redis;
  readonly subscriber: Redis;
  /** PONG within a second; false at once while the link is not connected. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Connected before it returns, so a wrong `REDIS_URL` fails the start. A command fails after
 * one retry instead of queueing while Redis is away: every caller has a way on without it
 * (SQL ranks, no cross-process push, limits not counted) and a request must not hang on it.
 */
export async function openRedis(url: string): Promise<RedisLinks> {
  const options = { maxRetriesPerRequest: 1, lazyConnect: true };
  const commands = new Redis(url, options);
  const subscriber = new Redis(url, options);
  // ioredis reconnects by itself; while it cannot, `/readyz` says so and each caller falls back.
  for (const link of [commands, subscriber]) link.on('error', () => {});
  // Both attempts settled before either is given up: else the later one would go on reconnecting
  // for ever to a Redis the failed start no longer uses.
  const [failed] = (await Promise.allSettled([commands.connect(), subscriber.connect()])).filter(
    (attempt) => attempt.status === 'rejected',
  );
  if (failed) {
    commands.disconnect();
    subscriber.disconnect();
    throw failed.reason;
  }
  return {
    commands,
    subscriber,
    async ping() {
      // While ioredis reconnects, a command waits in its offline queue: answer without waiting.
      if (commands.status !== 'ready') return false;
      const pong = commands.ping().catch(() => undefined);
      const late = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 1000).unref());
      return (await Promise.race([pong, late])) === 'PONG';
    },
    async close() {
      await Promise.all([commands.quit().catch(() => {}), subscriber.quit().catch(() => {})]);
    },
  };
}
