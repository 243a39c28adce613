import type {} from '@fastify/websocket';
import { ClientMessage, fastClientMessage, type ServerMessage } from '@scorpion/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { OwnedElsewhere } from '../races/leases.ts';
import { type Refusal, refuse } from '../refusal.ts';
import { refusalFrame } from '../refusal-edge.ts';
import type { PlayerRow } from '../repo/types.ts';
import { isStorageUnavailable, RETRY_AFTER_S } from '../repo/unavailable.ts';
import { tryAgainIn } from '../routes/errors.ts';
import { NOT_OWNER, TOO_MANY_SOCKETS } from './close-codes.ts';
import { sendFrame } from './connections.ts';
import type { EdgeOptions } from './edge-options.ts';
import { answering, rejectedFrame, requestIdOf, roomOf } from './edge-reading.ts';
import { handle } from './handlers.ts';
import type { Heartbeat } from './heartbeat.ts';
import { followOnOtherSockets } from './other-sockets.ts';
import type { PlayerSockets } from './player-sockets.ts';
import { RateLimit } from './rate-limit.ts';

/** What every player's socket of this process shares. */
export interface PlayerEdge {
  readonly edge: EdgeOptions;
  readonly heartbeat: Heartbeat;
  readonly sockets: PlayerSockets;
}

/** Who a socket is for: a cookie's, or an early socket's bound by `identify`. */
export interface SocketIdentity {
  /** The hash of the player's cookie token: their shared budget and socket cap, and their device's sign-out. */
  readonly key: string | undefined;
  readonly player: Promise<PlayerRow | undefined>;
  /** An early socket bound by `identify` (its heartbeat and error count are on it already). */
  readonly bound?: boolean;
  /** The device the sign-up came from, for an early socket (its upgrade may predate the device cookie). */
  readonly device?: string | undefined;
  /** Frames that followed `identify` on the early socket before it was bound: handled first, in order. */
  readonly held?: readonly RawData[];
}

/**
 * The room frames (and the quick race's join, which a script could repeat to churn the queue,
 * Redis's in a cluster) that pass one of the REST limits too (`app.limits`), per player. A member
 * coming back to their room looks nothing up, and a client sends that join after every
 * reconnection (a failover makes several in a row): it is not counted.
 */
async function roomLimit(app: FastifyInstance, message: ClientMessage, playerId: string) {
  if (message.type === 'room-create') return { check: app.limits.socket.roomCreate, what: 'Too many rooms created' };
  if (message.type === 'queue-join') return { check: app.limits.socket.queueJoin, what: 'Too many quick-race joins' };
  if (message.type === 'room-join' && !(await app.hub.isMember(playerId, message.code))) {
    return { check: app.limits.socket.roomJoin, what: 'Too many rooms looked up' };
  }
  return undefined;
}

/**
 * The answer to a frame refused through no fault of its own: its action could not be stored
 * (the database out of reach), or its handler failed. Nothing changed, and it names the frame's
 * game: for `unavailable` the page keeps that game's moves pending and sends them again after
 * `retryAfter` seconds rather than dropping them; for `internal` it knows which game to resume.
 */
function refusedFor(refusal: Refusal, asked: ClientMessage): ServerMessage {
  const gameId = 'gameId' in asked ? asked.gameId : null;
  return refusalFrame(refusal, { ref: asked.type, gameId });
}

const UNSAVED = refuse('unavailable', 'The server cannot save just now; nothing was changed. Sent again in a moment.', {
  retryAfter: RETRY_AFTER_S,
});
const FAILED = refuse('internal', 'Something went wrong; nothing was changed.');

/**
 * A player's socket: its budget, its frames handed to their handlers in order (room frames
 * taking turns), its welcome, presence and other tabs. A socket opened with the player's cookie
 * is one from the start; an early socket becomes one when `identify` binds it.
 */
export function playerSocket(
  app: FastifyInstance,
  socket: WebSocket,
  request: FastifyRequest,
  at: PlayerEdge,
  identity: SocketIdentity,
): void {
  const { edge, heartbeat, sockets } = at;
  const { metrics, drain, seenOf, connections, presence } = app;
  const send = (message: ServerMessage) => {
    if (message.type === 'error') metrics.rejected(message.code);
    sendFrame(socket, JSON.stringify(message));
  };
  // Shared by all the player's sockets. Without a signed cookie the socket is closed as soon
  // as that is known, and limited alone until then.
  const { key, player } = identity;
  const limit = key
    ? sockets.open(key)
    : new RateLimit(edge.ratePerSecond, edge.rateBurst, edge.ratePerSecond, edge.rateClock());
  if (!limit) {
    send(
      refusalFrame(refuse('too-many-sockets', `At most ${edge.socketsPerPlayer} connections per player: close a tab.`)),
    );
    socket.close(TOO_MANY_SOCKETS, 'too many sockets');
    return;
  }
  if (key) socket.on('close', () => sockets.close(key));
  const upgrade = seenOf(request);
  const seen = identity.device ? { ...upgrade, device: identity.device } : upgrade;
  let playerId: string | undefined;
  /** The player's sockets here, this one included, once welcomed (`Connections.add`). */
  let mine: ReadonlySet<WebSocket> | undefined;
  let roomTurn: Promise<unknown> = Promise.resolve();
  // An early socket bound to its player has its heartbeat and error count already.
  if (!identity.bound) {
    heartbeat.add(socket);
    socket.on('error', (error) => {
      const reason = rejectedFrame(error);
      if (reason) metrics.rejected(reason);
    });
  }

  const onFrame = (data: RawData, isBinary: boolean) => {
    // Shutting down: the client resends what was not acknowledged once it reconnects.
    if (drain.draining) {
      metrics.rejected('shutting-down');
      return;
    }
    if (isBinary) {
      metrics.rejected('binary');
      socket.close(1003, 'text frames only');
      return;
    }
    const arrivedAt = performance.now();
    const verdict = limit.take(edge.rateClock());
    if (verdict === 'cut') {
      metrics.rejected('flood');
      socket.close(1008, 'too many messages');
      return;
    }
    if (verdict === 'refuse') {
      send(refusalFrame(refuse('rate-limited', 'Too many messages: slow down.')));
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(data.toString());
    } catch {
      send(refusalFrame(refuse('bad-message', 'A frame is one JSON object.')));
      return;
    }
    // A game's own frames (nearly all of them) are checked by hand; zod has the last word on
    // anything else, and says what is wrong.
    let message = fastClientMessage(json);
    if (message === undefined) {
      const parsed = ClientMessage.safeParse(json);
      if (!parsed.success) {
        // Only a string can name a message; String() of `{"toString":1}` throws (and took the process down).
        const type = typeof json === 'object' && json !== null && 'type' in json ? json.type : null;
        const ref = typeof type === 'string' ? type.slice(0, 40) : null;
        const issue = parsed.error.issues[0];
        const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
        const bad = refusalFrame(refuse('bad-message', `Not a valid message${where}: ${issue?.message ?? 'unknown'}`), {
          ref,
        });
        send(answering(bad, requestIdOf(json)));
        return;
      }
      message = parsed.data;
    }
    const reply = replyTo(message);
    const answered = reply.then(
      (frames) => {
        if (Array.isArray(frames)) for (const frame of frames) answer(frame, arrivedAt, message.rid);
        else answer(frames, arrivedAt, message.rid);
        // The player's other tabs follow the game too; the action is done whatever befalls them.
        if (playerId !== undefined && mine !== undefined && mine.size > 1) {
          return followOnOtherSockets(app, playerId, socket, message.type, frames).catch((error: unknown) =>
            request.log.error({ err: error, type: message.type }, 'other sockets not told'),
          );
        }
      },
      (error: unknown) => {
        if (error instanceof OwnedElsewhere) {
          socket.close(NOT_OWNER, error.owner);
          return;
        }
        if (isStorageUnavailable(error)) {
          // At debug: the storage says once when it stops taking writes (plugins/storage.ts,
          // and `/readyz`), where a full disk would make this one line per refused move.
          request.log.debug({ err: error, type: message.type }, 'storage unavailable; action refused');
          send(answering(refusedFor(UNSAVED, message), message.rid));
          return;
        }
        request.log.error({ err: error, type: message.type }, 'handler failed');
        send(answering(refusedFor(FAILED, message), message.rid));
      },
    );
    drain.track(answered);
  };
  // Attached before any await, so no frame arriving during the identity lookup is lost.
  socket.on('message', onFrame);

  const answer = (frame: ServerMessage, arrivedAt: number, rid: string | undefined) => {
    // A frame sent without a request id (a move, whose ack the page pairs by game and seq) is answered as it is.
    send(rid === undefined ? frame : answering(frame, rid));
    if (frame.type === 'ack') metrics.ackSent(frame.duplicate, arrivedAt);
  };

  // Only room frames wait for a budget; any other reaches its handler without an await.
  const limitedThenHandled = async (id: string, message: ClientMessage): Promise<ServerMessage | ServerMessage[]> => {
    const limited = await roomLimit(app, message, id);
    const wait = limited ? await limited.check(request) : 0;
    return limited && wait > 0
      ? refusalFrame(refuse('rate-limited', `${limited.what}: ${tryAgainIn(wait)}.`), { ref: message.type })
      : handle(app, id, message, seen);
  };
  const dispatch = (id: string, message: ClientMessage): Promise<ServerMessage | ServerMessage[]> =>
    message.type === 'room-create' || message.type === 'room-join' || message.type === 'queue-join'
      ? limitedThenHandled(id, message)
      : Promise.resolve(handle(app, id, message, seen));
  // Until `welcome` is out, frames wait for it (in arrival order); then they go straight on.
  const start = (message: ClientMessage) =>
    playerId ? dispatch(playerId, message) : ready.then((p) => (p ? dispatch(p.id, message) : []));
  /**
   * Room frames take turns: a create or a join waits for its count, and a leave or a start
   * sent after it must not overtake it. A game's resume takes its turn too: a reconnected
   * page sends its room-join first, which may take the room (and its race) over here, and
   * the resume must find the race live instead of sending the socket away (4009). A watch
   * sent after the join must likewise find the room the join brought here. Defined once per
   * socket, not per frame: a move allocates no closure on its way to its handler.
   */
  const replyTo = (message: ClientMessage): Promise<ServerMessage | ServerMessage[]> => {
    if (message.type.startsWith('room-') || message.type === 'game-resume' || message.type === 'race-watch') {
      const turn = () => start(message);
      const reply = roomTurn.then(turn, turn);
      roomTurn = reply;
      return reply;
    }
    return start(message);
  };

  socket.on('close', () => {
    if (!playerId) return;
    connections.remove(playerId, socket);
    presence.changed(playerId);
  });

  const room = roomOf(request);
  const ready = player.then(async (p) => {
    if (!p) {
      send(refusalFrame(refuse('unauthorized', 'Pick a nickname first (POST /api/players).')));
      socket.close(1008, 'no identity');
      return undefined;
    }
    const owner = room ? await app.hub.ownerElsewhere(room) : undefined;
    if (owner !== undefined) {
      socket.close(NOT_OWNER, owner);
      return undefined;
    }
    const welcome = await app.players.welcome(p);
    // Closed while we looked the player up: there is nothing to register.
    if (socket.readyState !== socket.OPEN) return undefined;
    send(welcome);
    // From here on pushes reach this socket, and frames are handled as they come.
    mine = connections.add(p.id, socket, key);
    playerId = p.id;
    presence.changed(p.id);
    return p;
  });
  // Sent before the socket was bound, so before anything arriving from now on.
  for (const data of identity.held ?? []) onFrame(data, false);
  // Frames waiting for the welcome fail with it (and say so); the socket itself goes too.
  drain.track(
    ready.catch((error: unknown) => {
      request.log.error({ err: error }, 'welcome failed');
      socket.close(1011, 'internal error');
    }),
  );
}
