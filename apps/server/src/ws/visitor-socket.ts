import { ClientMessage, PROTOCOL_VERSION, type RoomState, type ServerMessage, WATCH_REFUSED } from '@scorpion/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { OwnedElsewhere } from '../races/leases.ts';
import { type Refusal, refuse } from '../refusal.ts';
import { refusalFrame } from '../refusal-edge.ts';
import { NOT_OWNER } from './close-codes.ts';
import { sendFrame } from './connections.ts';
import { answering, jsonOf, requestIdOf } from './edge-reading.ts';
import type { Heartbeat } from './heartbeat.ts';
import { RateLimit } from './rate-limit.ts';
import type { Release, WatchersPerAddress } from './watchers-per-address.ts';

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
  "Watching needs no name, and sends nothing but which racer's board to show: pick a nickname and join the room to race in it.",
);

/**
 * A visitor's socket (`/ws?room=CODE&watch=1`): no cookie is read, no player made, no seat
 * taken. It is greeted with the room (`watching`) and then hears the room's frames as its members
 * do (`room`, `race-progress`, `race-over`: what the room shows); it may send only `ping` and
 * `race-watch`, which shows it a racer's board as a member who is not racing sees it (the same
 * `race-board` frames by the same rules, `races/watchers.ts`: seconds behind, never a card face
 * down in that racer's game). Each address has `watchersPerAddress` such sockets at most, whoever
 * opens them and on whichever process (`WatchersPerAddress`); past that, or with no such room,
 * it is told why and closed with `WATCH_REFUSED`.
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
  const limit = new RateLimit(edge.ratePerSecond, edge.rateBurst, edge.ratePerSecond, edge.rateClock());
  edge.heartbeat.add(socket);
  let visiting: Promise<unknown> = Promise.resolve();
  /** Once its address's count has taken it: a visitor from then on. */
  let visitor: { id: string; counted: Release } | undefined;
  socket.on('close', () => {
    // After the visit's own command, so that a socket closed while it ran is not left in the room
    // (nor counted against its address).
    drain.track(
      visiting
        .then(() => {
          if (!visitor) return;
          visitors.close(visitor.id);
          visitor.counted();
          return hub.leaveVisit(visitor.id, code);
        })
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
    const json = jsonOf(data);
    const parsed = ClientMessage.safeParse(json);
    const asked = parsed.success ? parsed.data : undefined;
    if (verdict === 'ok' && asked?.type === 'ping') {
      send(answering({ type: 'pong', id: asked.id, serverTime: app.now() }, asked.rid));
      return;
    }
    if (verdict === 'ok' && asked?.type === 'race-watch' && asked.code === code) {
      // After the visit is in the room (and after the previous watch): a watch needs the visitor there.
      visiting = visiting.then(() => visitor && watchRacer(app, socket, visitor.id, asked));
      drain.track(visiting);
      return;
    }
    const ref = parsed.success ? parsed.data.type : null;
    const refusal = verdict === 'refuse' ? refuse('rate-limited', 'Too many messages: slow down.') : WATCH_ONLY;
    metrics.rejected(refusal.code);
    send(answering(refusalFrame(refusal, { ref }), requestIdOf(json)));
  });

  visiting = (async () => {
    const counted = await edge.perAddress.take(request.ip);
    if (!counted) {
      const why = `At most ${edge.watchersPerAddress} people watch from one network address without a name: sign up to watch too.`;
      return refused(refuse('too-many-watchers', why));
    }
    const id = visitors.open(socket);
    visitor = { id, counted };
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

/** A visitor's `race-watch`: refused as a member's would be (`no-race`, `not-racing`), or nothing but the boards. */
async function watchRacer(
  app: FastifyInstance,
  socket: WebSocket,
  visitorId: string,
  asked: Extract<ClientMessage, { type: 'race-watch' }>,
): Promise<void> {
  try {
    const answer = await app.hub.watch(visitorId, asked.code, asked.playerId);
    if (answer.ok) return;
    app.metrics.rejected(answer.code);
    sendFrame(socket, JSON.stringify(answering(refusalFrame(answer, { ref: asked.type }), asked.rid)));
  } catch (error) {
    if (error instanceof OwnedElsewhere) return socket.close(NOT_OWNER, error.owner);
    app.log.error({ err: error, code: asked.code }, 'visitor not shown a board');
    socket.close(1011, 'internal error');
  }
}
