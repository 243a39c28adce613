import type { ServerMessage } from '@scorpion/protocol';

/** How services reach players without knowing about sockets. */
export interface Push {
  send(playerId: string, message: ServerMessage): void;
  connected(playerId: string): boolean;
}

/** How a signed-out device loses its sockets, on whichever process holds them. */
export interface DeviceSockets {
  /** Closes (4010) every socket opened with the device's cookie token, by the token's hash. */
  signOut(playerId: string, tokenHash: string): void;
}

/** The close code of a socket whose device was signed out: the client must not reconnect as that player. */
export const SIGNED_OUT = 4010;
