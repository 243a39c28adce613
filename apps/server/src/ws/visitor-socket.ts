import { ClientMessage, PROTOCOL_VERSION, type RoomState, type ServerMessage, WATCH_REFUSED } from '@scorpion/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { OwnedElsewhere } from '../races/leases.ts';
import { type Refusal, refuse } from '../refusal.ts';
import { refusalFrame } from '../refusal-edge.ts';
import { NOT_OWNER } from './close-codes.ts';
import { sendFrame } from './connections.ts';
import { answering, requestIdOf } from './edge-reading.ts';
import type { Heartbeat } from './heartbeat.ts';
import { RateLimit } from './rate-limit.ts';
import type { WatchersPerAddress } from './visitor-sockets.ts';

export interface VisitorEdge {
  readonly heartbeat: Heartbeat;
  readonly perAddress: WatchersPerAddress;
  readonly watchersPerAddress: number;
  readonly ratePerSecond: number;
  readonly rateBurst: number;
  readonly rateClock: () => number;
}

const WATCH_ONLY = refuse(
  'watch-only',
  'Watching needs no name, and sends nothing: pick a nickname and join the room to race in it.',
);

/**
 * A visitor's socket (`/ws?room=CODE&watch=1`): no cookie is read, no player made, no seat
 * taken. It is greeted with the room (`watching`) and then hears the room's frames as its members
 * do (`room`, `race-progress`, `race-over`: what the room shows, never a card); it may send only
 * `ping`. Each address has `watchersPerAddress` such sockets at most, whoever opens them; past
 * that, or with no such room, it is told why and closed with `WATCH_REFUSED`.
 */
export function visitorSocket(
  app: FastifyInstance,
  socket: WebSocket,
  request: FastifyRequest,
  code: string | undefined,
  edge: VisitorEdge,
): void {
  const { hub, visitors, metrics, drain } = app;
  const send = (message: ServerMessage) => sendFrame(socket, JSON.stringify(message));
  const refused = (refusal: Refusal) => {
    metrics.rejected(refusal.code);
    send(refusalFrame(refusal));
    socket.close(WATCH_REFUSED, refusal.code);
  };
  if (code === undefined) {
    refused(refuse('no-such-room', 'Say which room to watch: ?room=CODE.'));
    return;
  }
  const address = request.ip;
  if (!edge.perAddress.take(address)) {
    const why = `At most ${edge.watchersPerAddress} people watch from one network address without a name: sign up to watch too.`;
    refused(refuse('too-many-watchers', why));
    return;
  }
  const id = visitors.open(socket);
  const limit = new RateLimit(edge.ratePerSecond, edge.rateBurst, edge.ratePerSecond, edge.rateClock());
  edge.heartbeat.add(socket);
  let visiting: Promise<unknown> = Promise.resolve();
  socket.on('close', () => {
    visitors.close(id);
    edge.perAddress.give(address);
    // After the visit's own command, so that a socket closed while it ran is not left in the room.
    drain.track(
      visiting
        .then(() => hub.leaveVisit(id, code))
        .catch((error: unknown) => request.log.error({ err: error }, 'visit not ended')),
    );
  });
  socket.on('message', (data, isBinary) => {
    if (drain.draining) return;
    const verdict = limit.take(edge.rateClock());
    if (isBinary || verdict === 'cut') {
      metrics.rejected(isBinary ? 'binary' : 'flood');
      socket.close(1008, 'watch only');
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(data.toString());
    } catch {
      json = undefined;
    }
    const parsed = ClientMessage.safeParse(json);
    if (verdict === 'ok' && parsed.success && parsed.data.type === 'ping') {
      send(answering({ type: 'pong', id: parsed.data.id, serverTime: app.now() }, parsed.data.rid));
      return;
    }
    const ref = parsed.success ? parsed.data.type : null;
    const refusal = verdict === 'refuse' ? refuse('rate-limited', 'Too many messages: slow down.') : WATCH_ONLY;
    metrics.rejected(refusal.code);
    send(answering(refusalFrame(refusal, { ref }), requestIdOf(json)));
  });

  visiting = (async () => {
    const owner = await hub.ownerElsewhere(code);
    if (owner !== undefined) return socket.close(NOT_OWNER, owner);
    const greet = (room: RoomState) =>
      send({ type: 'watching', protocol: PROTOCOL_VERSION, serverTime: app.now(), room });
    const answer = await hub.visit(id, code, greet);
    if (!answer.ok) refused(answer);
  })().catch((error: unknown) => {
    if (error instanceof OwnedElsewhere) return socket.close(NOT_OWNER, error.owner);
    request.log.error({ err: error, code }, 'visitor not let in');
    socket.close(1011, 'internal error');
  });
  drain.track(visiting);
}
