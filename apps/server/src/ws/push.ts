import type { ServerMessage } from '@scorpion/protocol';

/** How services reach players without knowing about sockets. */
export interface Push {
  send(playerId: string, message: ServerMessage): void;
  connected(playerId: string): boolean;
}
