import fp from 'fastify-plugin';
import { ClusterPush } from '../cluster/adapters/cluster-push.ts';
import { type DeviceSockets, Presence, type Push } from '../realtime/ports.ts';
import { Connections } from '../ws/connections.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's sockets. */
    connections: Connections;
    /** Frames and presence for the services: `connections`, or the cluster's when Redis is on. */
    push: Push;
    deviceSockets: DeviceSockets;
    presence: Presence;
    /** The players with a socket open anywhere (this process's alone when embedded). */
    online(): number;
  }
}

/** Sockets, the push that reaches them (across processes through Redis) and presence. */
export const realtimePlugin = fp(
  async (app) => {
    const connections = new Connections();
    const presence = new Presence();
    const redis = app.redis;
    const cluster =
      redis &&
      new ClusterPush(connections, {
        nodeId: app.nodeId!,
        redis: redis.commands,
        subscriber: redis.subscriber,
        onRemoteChange: (playerId) => presence.changed(playerId),
      });
    app.decorate('connections', connections);
    app.decorate<Push>('push', cluster ?? connections);
    app.decorate<DeviceSockets>('deviceSockets', cluster ?? connections);
    app.decorate('presence', presence);
    app.decorate('online', () => cluster?.online() ?? connections.players());
    await cluster?.start();
    app.addHook('onClose', async () => cluster?.stop().catch(() => {}));
  },
  { name: 'realtime', dependencies: ['basics', 'redis'] },
);
