import type { ServerMessage } from '@scorpion/protocol';

/**
 * How the services reach players without knowing about sockets. The adapters are in the outer
 * ring: this process's sockets (`ws/connections.ts`), or every process's through Redis
 * (`cluster/adapters/cluster-push.ts`).
 */
export interface Push {
  send(playerId: string, message: ServerMessage): void;
  connected(playerId: string): boolean;
}

/** How a signed-out device loses its sockets, on whichever process holds them. */
export interface DeviceSockets {
  /** Closes (4010) every socket opened with the device's cookie token, by the token's hash. */
  signOut(playerId: string, tokenHash: string): void;
}

/**
 * Who hears that a player's presence may have changed: a socket of theirs opened or closed,
 * here or (in a cluster) on another process. The services that show or keep the present
 * (rooms, the quick-race queue) listen; the socket edge and the cluster's presence tell.
 */
export class Presence {
  private readonly listeners: ((playerId: string) => void)[] = [];

  listen(listener: (playerId: string) => void): void {
    this.listeners.push(listener);
  }

  changed(playerId: string): void {
    for (const listener of this.listeners) listener(playerId);
  }
}

export { SIGNED_OUT } from '@scorpion/protocol';
