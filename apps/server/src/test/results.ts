import { dailyFinish } from '../daily/stats.ts';
import { newGameRow } from '../games/new-row.ts';
import type { DailyFlag, GamesRepo } from '../repo/types.ts';
import { WINNING_DECK } from './deals.ts';

export interface StoredResult {
  readonly date: string;
  readonly playerId: string;
  readonly timeMs: number;
  readonly won?: boolean;
  readonly verified?: boolean;
  /** Flagged off the board, for this reason. */
  readonly flag?: DailyFlag;
}

/**
 * A ranked daily result stored the way a finished game stores one (the game row ended and the
 * result written with its counters in one transaction), without playing the game: for boards
 * with more results than a test could play.
 */
export async function storeDailyResult(games: GamesRepo, r: StoredResult): Promise<void> {
  const won = r.won ?? true;
  const end = { moves: 40, undos: 0, progress: won ? 104 : 30, faceDown: won ? 0 : 9 };
  const row = newGameRow(
    {
      playerId: r.playerId,
      kind: 'daily',
      variant: 'scorpion',
      options: { foundations: false, open: false },
      seed: null,
      playerSeed: false,
      deck: WINNING_DECK,
      dailyDate: r.date,
      ranked: true,
    },
    0,
  );
  const gameId = row.id;
  await games.create(row);
  const finishedAt = r.timeMs;
  await games.finish(
    gameId,
    { status: won ? 'won' : 'gave-up', finishedAt, timeMs: r.timeMs, seq: end.moves, ...end },
    dailyFinish(
      {
        date: r.date,
        playerId: r.playerId,
        gameId,
        won,
        timeMs: r.timeMs,
        verified: r.verified ?? true,
        finishedAt,
        ...end,
      },
      r.flag,
    ),
  );
}
