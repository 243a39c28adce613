import type { ServerMessage } from '@scorpion/protocol';
import type { WebSocket } from 'ws';
import type { Push } from './push.ts';

/** Every open socket by player; the services push through it without knowing about sockets. */
export class Connections implements Push {
  private readonly byPlayer = new Map<string, Set<WebSocket>>();

  add(playerId: string, socket: WebSocket): void {
    let set = this.byPlayer.get(playerId);
    if (!set) {
      set = new Set();
      this.byPlayer.set(playerId, set);
    }
    set.add(socket);
  }

  remove(playerId: string, socket: WebSocket): void {
    const set = this.byPlayer.get(playerId);
    set?.delete(socket);
    if (set?.size === 0) this.byPlayer.delete(playerId);
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

  send(playerId: string, message: ServerMessage): void {
    const set = this.byPlayer.get(playerId);
    if (!set) return;
    const frame = JSON.stringify(message);
    for (const socket of set) sendFrame(socket, frame);
  }
}

const OPEN = 1;

export function sendFrame(socket: WebSocket, frame: string): void {
  if (socket.readyState === OPEN) socket.send(frame);
}
