import type { ServerMessage } from '@scorpion/protocol';
import type { WebSocket } from 'ws';
import { type DeviceSockets, type Push, SIGNED_OUT } from '../realtime/ports.ts';

/** Every open socket by player; the services push through it without knowing about sockets. */
export class Connections implements Push, DeviceSockets {
  private readonly byPlayer = new Map<string, Set<WebSocket>>();
  /** The hash of the cookie token each socket was opened with: its device. */
  private readonly devices = new WeakMap<WebSocket, string>();
  private listener: (playerId: string, here: boolean) => void = () => {};

  /** Told when a player's first socket opens and their last one closes (the cluster's presence). */
  onPresence(listener: (playerId: string, here: boolean) => void): void {
    this.listener = listener;
  }

  /**
   * Returns the player's sockets here, this one among them for as long as it is open: its edge
   * reads there whether other tabs must follow an answer, without a lookup per frame.
   */
  add(playerId: string, socket: WebSocket, tokenHash?: string): ReadonlySet<WebSocket> {
    if (tokenHash) this.devices.set(socket, tokenHash);
    let set = this.byPlayer.get(playerId);
    if (!set) {
      set = new Set();
      this.byPlayer.set(playerId, set);
      this.listener(playerId, true);
    }
    set.add(socket);
    return set;
  }

  remove(playerId: string, socket: WebSocket): void {
    const set = this.byPlayer.get(playerId);
    if (!set?.delete(socket) || set.size > 0) return;
    this.byPlayer.delete(playerId);
    this.listener(playerId, false);
  }

  connected(playerId: string): boolean {
    return this.byPlayer.has(playerId);
  }

  /** How many sockets the player has open here. */
  sockets(playerId: string): number {
    return this.byPlayer.get(playerId)?.size ?? 0;
  }

  /** How many players have a socket (for the metrics). */
  players(): number {
    return this.byPlayer.size;
  }

  /** Closes every socket of the player (their client reconnects, e.g. to a room's new owner). */
  closeAll(playerId: string, code: number, reason: string): void {
    for (const socket of this.byPlayer.get(playerId) ?? []) socket.close(code, reason);
  }

  signOut(playerId: string, tokenHash: string): void {
    for (const socket of this.byPlayer.get(playerId) ?? [])
      if (this.devices.get(socket) === tokenHash) socket.close(SIGNED_OUT, 'signed out');
  }

  /** The players with a socket here. */
  playerIds(): string[] {
    return [...this.byPlayer.keys()];
  }

  send(playerId: string, message: ServerMessage): void {
    if (this.byPlayer.has(playerId)) this.sendFrame(playerId, JSON.stringify(message));
  }

  /** To every socket of the player here but `except` (the one whose frame this answers). */
  sendToOthers(playerId: string, except: WebSocket, message: ServerMessage): void {
    const frame = JSON.stringify(message);
    for (const socket of this.byPlayer.get(playerId) ?? []) if (socket !== except) sendFrame(socket, frame);
  }

  /** A frame already serialized (one that came from another node). */
  sendFrame(playerId: string, frame: string): void {
    for (const socket of this.byPlayer.get(playerId) ?? []) sendFrame(socket, frame);
  }
}

const OPEN = 1;

/** The parts of a ws 8 socket that `sendFrame` reads to write a frame itself (private to ws). */
interface WsInside {
  readonly _socket?: { readonly writable: boolean; write(chunk: Buffer): boolean };
  readonly _sender?: { readonly _state?: number };
  readonly _extensions?: Record<string, unknown>;
}

/** ws's `Sender` state when nothing is queued (no compression, no blob being read). */
const SENDER_IDLE = 0;

/**
 * A text frame as a server sends it (unmasked, final), header and payload in one buffer: one
 * `write` of one chunk, where ws's `send` corks the socket, writes the header and the string
 * apart and uncorks into a `writev` of two, with the stream's bookkeeping for each (about a
 * sixth of what an ack allocated, with the string's own copy).
 */
export function textFrame(frame: string): Buffer {
  const length = Buffer.byteLength(frame);
  const offset = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const buffer = Buffer.allocUnsafe(offset + length);
  buffer[0] = 0x81;
  if (offset === 2) {
    buffer[1] = length;
  } else if (offset === 4) {
    buffer[1] = 126;
    buffer.writeUInt16BE(length, 2);
  } else {
    buffer[1] = 127;
    buffer.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    buffer.writeUInt32BE(length >>> 0, 6);
  }
  buffer.write(frame, offset, 'utf8');
  return buffer;
}

/**
 * Sends one text frame on an open socket. When ws would write it at once anyway (its sender
 * idle, so nothing queued ahead of it, and no compression negotiated: the server offers none),
 * the frame goes to the TCP socket as one buffer (`textFrame`); otherwise, or should ws's
 * insides not be what this expects, through ws's `send`.
 */
export function sendFrame(socket: WebSocket, frame: string): void {
  if (socket.readyState !== OPEN) return;
  const inside = socket as unknown as WsInside;
  const tcp = inside._socket;
  if (
    tcp?.writable === true &&
    inside._sender?._state === SENDER_IDLE &&
    inside._extensions !== undefined &&
    inside._extensions['permessage-deflate'] === undefined
  ) {
    tcp.write(textFrame(frame));
  } else {
    socket.send(frame);
  }
}
