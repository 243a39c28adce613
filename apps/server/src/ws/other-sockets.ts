import type { ClientMessage, ServerMessage } from '@scorpion/protocol';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';

/**
 * A player's other sockets (another tab, another device) follow what one of them did to a game:
 * the ack goes to the socket that acted alone, and a race sends no `race-progress` frame to a
 * racer whose own ack carried everyone's progress. So after an action stored, the others get
 * the game as it stands (a snapshot, which holds no card the player could not see: `wire.ts`)
 * and the progress that ack carried; after a give-up, its answer. The route calls this only
 * for a player with more than one socket here: the common single socket pays one lookup. Only
 * sockets on this process: in a cluster every room page connects to the room's owner, so all
 * of a racer's tabs on the race are here.
 */
export async function followOnOtherSockets(
  s: Pick<FastifyInstance, 'games' | 'connections'>,
  playerId: string,
  socket: WebSocket,
  asked: ClientMessage['type'],
  reply: ServerMessage | ServerMessage[],
): Promise<void> {
  for (const frame of Array.isArray(reply) ? reply : [reply]) {
    if (frame.type === 'ack' && !frame.duplicate) {
      if (frame.race) s.connections.sendToOthers(playerId, socket, { type: 'race-progress', ...frame.race });
      // Under the game's lock, so a snapshot never goes back behind the one sent before it.
      const shown = frame.game ? { ok: true as const, game: frame.game } : await s.games.resume(playerId, frame.gameId);
      if (shown.ok) s.connections.sendToOthers(playerId, socket, { type: 'game', game: shown.game });
    } else if (frame.type === 'game' && asked === 'give-up') {
      s.connections.sendToOthers(playerId, socket, frame);
    }
  }
}
