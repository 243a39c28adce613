import { randomUUID } from 'node:crypto';
import type { ServerMessage } from '@scorpion/protocol';
import type { WebSocket } from 'ws';
import type { Push } from '../realtime/ports.ts';
import { sendFrame } from './connections.ts';

/** A visitor's id: never a player's (theirs have no colon), so no frame for one reaches the other. */
const PREFIX = 'visitor:';

/**
 * The sockets of visitors who watch a room without a name (`/ws?room=CODE&watch=1`), each under
 * an id of its own for as long as it is open. A room counts a visitor among those who hear it,
 * so its frames reach them through the same `Push` as its members'. A visitor's socket is always
 * on the room's owner (the edge sends it there, as a member's), so these stay in this process:
 * no presence of theirs is published, and they are not players online.
 */
export class VisitorSockets {
  private readonly sockets = new Map<string, WebSocket>();

  open(socket: WebSocket): string {
    const id = `${PREFIX}${randomUUID()}`;
    this.sockets.set(id, socket);
    return id;
  }

  close(id: string): void {
    this.sockets.delete(id);
  }

  has(id: string): boolean {
    return this.sockets.has(id);
  }

  /** How many visitors watch here (for the tests and the metrics). */
  get size(): number {
    return this.sockets.size;
  }

  closeAll(id: string, code: number, reason: string): void {
    this.sockets.get(id)?.close(code, reason);
  }

  /** `push`, and visitors' sockets too. */
  reaching(push: Push): Push {
    return {
      send: (id, message) => (id.startsWith(PREFIX) ? this.send(id, message) : push.send(id, message)),
      connected: (id) => (id.startsWith(PREFIX) ? this.sockets.has(id) : push.connected(id)),
    };
  }

  private send(id: string, message: ServerMessage): void {
    const socket = this.sockets.get(id);
    if (socket) sendFrame(socket, JSON.stringify(message));
  }
}

/** Visitors' sockets one network address may have open at once, unless configured. */
export const WATCHERS_PER_ADDRESS = 50;
