import { randomInt } from 'node:crypto';
import { type GameSnapshot, toGameState } from '@scorpion/protocol';
import { legalMoves, type Move } from '@scorpion/rules';

/** A legal move computed from the player's view alone (as a client would), or none. */
export function someLegalMove(game: GameSnapshot, pick: 'first' | 'random' = 'random'): Move | undefined {
  const moves = legalMoves(toGameState(game.view));
  if (moves.length === 0) return undefined;
  return pick === 'first' ? moves[0] : moves[randomInt(moves.length)];
}
