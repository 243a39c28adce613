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

export { SIGNED_OUT } from '@scorpion/protocol';
