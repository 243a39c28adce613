import type { GamesRepo } from '../repo/types.ts';
import { WINNING_DECK } from './deals.ts';

export interface StoredResult {
  readonly date: string;
  readonly playerId: string;
  readonly timeMs: number;
  readonly won?: boolean;
  readonly verified?: boolean;
}

/**
 * A ranked daily result stored the way a finished game stores one (the game row ended and the
 * result written with its counters in one transaction), without playing the game: for boards
 * with more results than a test could play.
 */
export async function storeDailyResult(games: GamesRepo, r: StoredResult): Promise<void> {
  const won = r.won ?? true;
  const gameId = `g-${r.date}-${r.playerId}`;
  const end = { moves: 40, undos: 0, progress: won ? 104 : 30, faceDown: won ? 0 : 9 };
  await games.create({
    id: gameId,
    playerId: r.playerId,
    kind: 'daily',
    variant: 'scorpion',
    options: { foundations: false, open: false },
    seed: null,
    playerSeed: false,
    deck: WINNING_DECK,
    dailyDate: r.date,
    raceId: null,
    ranked: true,
    status: 'playing',
    startedAt: 0,
    pausedMs: 0,
    finishedAt: null,
    timeMs: null,
    seq: 0,
    moves: 0,
    undos: 0,
    progress: 0,
    faceDown: 0,
  });
  const finishedAt = r.timeMs;
  await games.finish(
    gameId,
    { status: won ? 'won' : 'gave-up', finishedAt, timeMs: r.timeMs, seq: end.moves, ...end },
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
  );
}
