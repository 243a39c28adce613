import fp from 'fastify-plugin';
import { openRedis, type RedisLinks } from '../cluster/adapters/redis-links.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Redis (`REDIS_URL`), when the cluster shares pushes, presence, limits and ranks through it. */
    redis: RedisLinks | undefined;
  }
}

/** The process's two Redis connections, opened before anything uses them and closed after. */
export const redisPlugin = fp<{ url?: string | undefined }>(
  async (app, { url }) => {
    const redis = url ? await openRedis(url) : undefined;
    app.decorate('redis', redis);
    app.addHook('onClose', async () => redis?.close());
  },
  { name: 'redis' },
);
