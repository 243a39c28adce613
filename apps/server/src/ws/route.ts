import type {} from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { playerOf, tokenHashOf } from '../identity/cookie.ts';
import { earlySocket } from './early-socket.ts';
import type { EdgeOptions } from './edge-options.ts';
import { earlyOf, originAllowed, roomOf, watchOf } from './edge-reading.ts';
import { Heartbeat } from './heartbeat.ts';
import { playerSocket } from './player-socket.ts';
import { PlayerSockets } from './player-sockets.ts';
import { visitorSocket } from './visitor-socket.ts';
import { WatchersPerAddress } from './watchers-per-address.ts';

/**
 * The socket edge (after lila-ws): it checks the origin and the identity, limits size and rate,
 * parses every frame into one of the client messages, and hands it to a handler. It never judges
 * a move. It counts what it refuses and how long acks take, and while the server shuts down it
 * takes no new frames and lets `drain` wait for those it took.
 */
export async function wsRoutes(app: FastifyInstance, opts: { edge: EdgeOptions }) {
  const { edge } = opts;
  const { metrics } = app;
  const heartbeat = new Heartbeat(edge.heartbeatMs);
  const sockets = new PlayerSockets(
    { perSecond: edge.ratePerSecond, burst: edge.rateBurst, maxSockets: edge.socketsPerPlayer },
    edge.rateClock,
  );
  // In a cluster, counted in Redis across its processes (this one's count when Redis is away).
  const counted = (name: string) =>
    new WatchersPerAddress({ name, max: edge.watchersPerAddress, now: app.now, redis: app.redis?.commands });
  const visitorEdge = { ...edge, heartbeat, perAddress: counted('watchers') };
  const playerEdge = { edge, heartbeat, sockets };
  const earlyEdge = { ...playerEdge, perAddress: counted('early') };
  const sweep = setInterval(() => sockets.sweep(), 60_000);
  sweep.unref();
  app.addHook('onClose', async () => {
    heartbeat.stop();
    visitorEdge.perAddress.stop();
    earlyEdge.perAddress.stop();
    clearInterval(sweep);
  });

  app.get('/ws', { websocket: true }, (socket, request) => {
    if (!originAllowed(request, edge.allowedOrigins)) {
      metrics.rejected('origin');
      socket.close(1008, 'origin not allowed');
      return;
    }
    // A visitor watching a room: no cookie is read, whether or not one came.
    if (watchOf(request)) return visitorSocket(app, socket, request, roomOf(request), visitorEdge);
    // A page with no player yet: no cookie is read either, until `identify` binds it to one.
    if (earlyOf(request)) return earlySocket(app, socket, request, earlyEdge);
    const key = tokenHashOf(request);
    playerSocket(app, socket, request, playerEdge, { key, player: playerOf(request, app.repos.players) });
  });
}
