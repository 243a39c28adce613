import { ClientMessage, PROTOCOL_VERSION, type ServerMessage, WATCH_REFUSED } from '@scorpion/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { BAD_SOCKET_TOKEN, SocketTokens } from '../identity/socket-token.ts';
import { refuse } from '../refusal.ts';
import { refusalFrame } from '../refusal-edge.ts';
import { sendFrame } from './connections.ts';
import { answering, jsonOf, rejectedFrame, requestIdOf } from './edge-reading.ts';
import { type PlayerEdge, playerSocket } from './player-socket.ts';
import { RateLimit } from './rate-limit.ts';
import type { Release, WatchersPerAddress } from './watchers-per-address.ts';

export interface EarlyEdge extends PlayerEdge {
  /** Early sockets not bound yet, per network address (over a cluster, as visitors'). */
  readonly perAddress: WatchersPerAddress;
}

const UNIDENTIFIED = refuse('unidentified', 'This socket has no player yet: it may only ping until it is identified.');

/**
 * An early socket (`/ws?early=1`): a page with no player yet (a newcomer reading the daily)
 * opens it so that Start need not wait for a socket. No cookie is read and nothing is shown on
 * it; it is greeted with its id (`early`) and may send only `ping`, and `identify` with the
 * token the sign-up that named it returned. Once bound, it is a player's socket like any other
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

/** An early socket let in: greeted, then only ping and `identify`. */
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

  const bind = (token: string, rid: string | undefined): void => {
    const grant = app.socketTokens.read(token, id);
    if (!grant) {
      send(answering(refusalFrame(BAD_SOCKET_TOKEN, { ref: 'identify' }), rid));
      return;
    }
    socket.off('message', onMessage);
    uncount();
    // The device's cookie as it is now: a device signed out since the token was made binds nothing.
    const player = app.repos.players
      .byTokenHash(grant.tokenHash)
      .then((p) => (p?.id === grant.playerId ? p : undefined));
    playerSocket(app, socket, request, at, { key: grant.tokenHash, player, bound: true, device: grant.device });
  };

  const onMessage = (data: RawData, isBinary: boolean) => {
    if (drain.draining) return;
    const verdict = limit.take(edge.rateClock());
    if (isBinary || verdict === 'cut') {
      metrics.rejected(isBinary ? 'binary' : 'flood');
      socket.close(1008, isBinary ? 'text frames only' : 'too many messages');
      return;
    }
    const json = jsonOf(data);
    const parsed = ClientMessage.safeParse(json);
    if (verdict === 'ok' && parsed.success) {
      const message = parsed.data;
      if (message.type === 'ping') {
        send(answering({ type: 'pong', id: message.id, serverTime: app.now() }, message.rid));
        return;
      }
      if (message.type === 'identify') return bind(message.token, message.rid);
    }
    const refusal = verdict === 'refuse' ? refuse('rate-limited', 'Too many messages: slow down.') : UNIDENTIFIED;
    const ref = parsed.success ? parsed.data.type : null;
    send(answering(refusalFrame(refusal, { ref }), requestIdOf(json)));
  };
  socket.on('message', onMessage);
  send({ type: 'early', protocol: PROTOCOL_VERSION, serverTime: app.now(), socket: id });
}
