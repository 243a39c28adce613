import { ClientMessage, PROTOCOL_VERSION, type ServerMessage, WATCH_REFUSED } from '@scorpion/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { BAD_SOCKET_TOKEN, SocketTokens } from '../identity/socket-token.ts';
import { type Refusal, refuse } from '../refusal.ts';
import { refusalFrame } from '../refusal-edge.ts';
import { sendFrame } from './connections.ts';
import { answering, jsonOf, rejectedFrame, requestIdOf } from './edge-reading.ts';
import { HELD_FULL, HeldFrames, IDENTIFY_REFUSED } from './held-frames.ts';
import { type PlayerEdge, playerSocket } from './player-socket.ts';
import { RateLimit } from './rate-limit.ts';
import type { Release, WatchersPerAddress } from './watchers-per-address.ts';

export interface EarlyEdge extends PlayerEdge {
  /** Early sockets not bound yet, per network address (over a cluster, as visitors'). */
  readonly perAddress: WatchersPerAddress;
}

const UNIDENTIFIED = refuse('unidentified', 'This socket has no player yet: it may only ping until it is identified.');
const SIGNED_OUT_SINCE = refuse(
  'bad-socket-token',
  "That token's device was signed out after the token was made: it binds nothing, and nothing changed.",
);

/**
 * An early socket (`/ws?early=1`): a page with no player yet (a newcomer reading the daily)
 * opens it so that Start need not wait for a socket. No cookie is read and nothing is shown on
 * it; it is greeted with its id (`early`) and may send only `ping`, and `identify` with the
 * token the sign-up that named it returned. The frames sent right after `identify` (the page's
 * `daily-join`, not waiting for `welcome`) are held while its player is looked up and handed on
 * in order once bound, or each refused with it (`held-frames.ts`): the page saves a round trip,
 * and a refused `identify` still leaves nothing done. Once bound, it is a player's socket like any other
 * (`playerSocket`): their frame budget and socket cap, their presence, their welcome. Until
 * then it has a budget of its own, and each address has `watchersPerAddress` such sockets at
 * most; past that it is told why and closed with `WATCH_REFUSED`.
 */
export function earlySocket(app: FastifyInstance, socket: WebSocket, request: FastifyRequest, at: EarlyEdge): void {
  const { edge } = at;
  const { metrics } = app;
  const send = (message: ServerMessage) => {
    if (message.type === 'error') metrics.rejected(message.code);
    sendFrame(socket, JSON.stringify(message));
  };
  at.heartbeat.add(socket);
  socket.on('error', (error) => {
    const reason = rejectedFrame(error);
    if (reason) metrics.rejected(reason);
  });
  // Counted against the address until bound or closed, whichever comes first.
  let release: Release | undefined;
  let closed = false;
  const uncount = () => {
    release?.();
    release = undefined;
  };
  socket.on('close', () => {
    closed = true;
    uncount();
  });
  void at.perAddress.take(request.ip).then((taken) => {
    if (closed) return taken?.();
    if (!taken) {
      const why = `At most ${edge.watchersPerAddress} sockets without a player from one network address: sign up to play.`;
      send(refusalFrame(refuse('too-many-watchers', why)));
      socket.close(WATCH_REFUSED, 'too-many-watchers');
      return;
    }
    release = taken;
    opened(app, socket, request, at, send, uncount);
  });
}

/** An early socket let in: greeted, then only ping and `identify` (and what follows an identify being resolved). */
function opened(
  app: FastifyInstance,
  socket: WebSocket,
  request: FastifyRequest,
  at: EarlyEdge,
  send: (message: ServerMessage) => void,
  uncount: () => void,
): void {
  const { edge } = at;
  const { metrics, drain } = app;
  const id = SocketTokens.socketId();
  const limit = new RateLimit(edge.ratePerSecond, edge.rateBurst, edge.ratePerSecond, edge.rateClock());
  /** Set while an `identify` is being resolved: the frames that came after it, waiting for its verdict. */
  let held: HeldFrames | undefined;

  /** `data` refused as `refusal`, paired with its request id and named by its type when it has them. */
  const refuseFrame = (data: RawData, refusal: Refusal) => {
    const json = jsonOf(data);
    const parsed = ClientMessage.safeParse(json);
    send(answering(refusalFrame(refusal, { ref: parsed.success ? parsed.data.type : null }), requestIdOf(json)));
  };
  /** Answers `message` if it is a ping (true), as an unbound socket always may. */
  const pong = (message: ClientMessage): boolean => {
    if (message.type !== 'ping') return false;
    send(answering({ type: 'pong', id: message.id, serverTime: app.now() }, message.rid));
    return true;
  };

  /** Refused with its identify: nothing was done for any of them, and the socket stays unbound. */
  const refuseHeld = (frames: readonly RawData[]) => {
    for (const data of frames) {
      const parsed = ClientMessage.safeParse(jsonOf(data));
      if (!(parsed.success && pong(parsed.data))) refuseFrame(data, IDENTIFY_REFUSED);
    }
  };

  const bind = (token: string, rid: string | undefined): void => {
    const grant = app.socketTokens.read(token, id);
    if (!grant) {
      send(answering(refusalFrame(BAD_SOCKET_TOKEN, { ref: 'identify' }), rid));
      return;
    }
    const waiting = new HeldFrames();
    held = waiting;
    // The device's cookie as it is now: a device signed out since the token was made binds nothing.
    const lookup = app.repos.players.byTokenHash(grant.tokenHash).then((found) => {
      held = undefined;
      if (socket.readyState !== socket.OPEN) return;
      if (found?.id !== grant.playerId) {
        send(answering(refusalFrame(SIGNED_OUT_SINCE, { ref: 'identify' }), rid));
        return refuseHeld(waiting.frames);
      }
      socket.off('message', onMessage);
      uncount();
      const identity = { key: grant.tokenHash, player: Promise.resolve(found), bound: true, device: grant.device };
      playerSocket(app, socket, request, at, { ...identity, held: waiting.frames });
    });
    // As a cookie socket's failed welcome: said in the log, and the socket goes.
    drain.track(
      lookup.catch((error: unknown) => {
        request.log.error({ err: error }, 'identify failed');
        socket.close(1011, 'internal error');
      }),
    );
  };

  const onMessage = (data: RawData, isBinary: boolean) => {
    if (drain.draining) return;
    const verdict = limit.take(edge.rateClock());
    if (isBinary || verdict === 'cut') {
      metrics.rejected(isBinary ? 'binary' : 'flood');
      socket.close(1008, isBinary ? 'text frames only' : 'too many messages');
      return;
    }
    // An identify is being resolved: what follows it waits for its verdict, in order, up to a bound.
    if (held && verdict === 'ok') {
      if (!held.hold(data)) refuseFrame(data, HELD_FULL);
      return;
    }
    const json = jsonOf(data);
    const parsed = ClientMessage.safeParse(json);
    if (verdict === 'ok' && parsed.success) {
      const message = parsed.data;
      if (pong(message)) return;
      if (message.type === 'identify') return bind(message.token, message.rid);
    }
    const refusal = verdict === 'refuse' ? refuse('rate-limited', 'Too many messages: slow down.') : UNIDENTIFIED;
    refuseFrame(data, refusal);
  };
  socket.on('message', onMessage);
  send({ type: 'early', protocol: PROTOCOL_VERSION, serverTime: app.now(), socket: id });
}
