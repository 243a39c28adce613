import type { ServerMessage } from '@scorpion/protocol';

/** The player's race games in play: game id → the code of the room it runs in. */
export type RacesInPlay = ReadonlyMap<string, string>;

/**
 * The races in play after `message`: a welcome lists them all (a tab opened mid-race), and a
 * race game's frame says when one starts (a rematch dealt to everyone connected, whatever page
 * they are on) and when it is over for this player. Any other frame changes nothing.
 */
export function racesInPlay(current: RacesInPlay, message: ServerMessage): RacesInPlay {
  if (message.type === 'welcome') {
    return new Map(message.games.flatMap((g) => (g.kind === 'race' && g.roomCode ? [[g.gameId, g.roomCode]] : [])));
  }
  if (message.type !== 'game' || message.game.kind !== 'race' || !message.game.roomCode) return current;
  const { gameId, roomCode, status } = message.game;
  if ((status === 'playing') === current.has(gameId)) return current;
  const next = new Map(current);
  if (status === 'playing') next.set(gameId, roomCode);
  else next.delete(gameId);
  return next;
}
