import { z } from 'zod';
import { GameStatus, WireView } from './game.ts';

/**
 * The fields of a watched board, a race's (`race-board`) or an arena's (`arena-board`), after
 * those that say whose it is: the position as it was `asOf`, a few seconds ago, and never a card
 * still face down. The guide reads each field's meaning here, where it is written once.
 */
export const watchedBoardFields = {
  /** The watched player's game. */
  gameId: z.string(),
  /** The watched game's `seq` at that position. */
  seq: z.int().min(0),
  /** The board at that position, face-down cards as `null`. */
  view: WireView,
  progress: z.int().min(0),
  faceDown: z.int().min(0),
  moves: z.int().min(0),
  /** The game's status at that position. */
  state: GameStatus,
  /** Server time the position was reached; `serverTime` is when it was sent. */
  asOf: z.int(),
  serverTime: z.int(),
};
