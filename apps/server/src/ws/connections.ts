import type { ServerMessage } from '@scorpion/protocol';
import type { WebSocket } from 'ws';
import { type DeviceSockets, type Push, SIGNED_OUT } from './push.ts';

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

  add(playerId: string, socket: WebSocket, tokenHash?: string): void {
    if (tokenHash) this.devices.set(socket, tokenHash);
    let set = this.byPlayer.get(playerId);
    if (!set) {
      set = new Set();
      this.byPlayer.set(playerId, set);
      this.listener(playerId, true);
    }
    set.add(socket);
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

  /** A frame already serialized (one that came from another node). */
  sendFrame(playerId: string, frame: string): void {
    for (const socket of this.byPlayer.get(playerId) ?? []) sendFrame(socket, frame);
  }
}

const OPEN = 1;

export function sendFrame(socket: WebSocket, frame: string): void {
  if (socket.readyState === OPEN) socket.send(frame);
}
