import type { ServerMessage } from '@scorpion/protocol';
import type { Push } from '../realtime/ports.ts';

/** The sockets' side of `Push` without sockets: who is connected is a set the test changes. */
export class RecordingPush implements Push {
  readonly here = new Set<string>();
  readonly sent: { playerId: string; message: ServerMessage }[] = [];

  send(playerId: string, message: ServerMessage): void {
    this.sent.push({ playerId, message });
  }

  connected(playerId: string): boolean {
    return this.here.has(playerId);
  }

  /** The frames of one type sent so far. */
  frames<T extends ServerMessage['type']>(type: T): Extract<ServerMessage, { type: T }>[] {
    return this.sent.map((s) => s.message).filter((m): m is Extract<ServerMessage, { type: T }> => m.type === type);
  }
}
