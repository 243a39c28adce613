import type { GameOptions, ShownRating, VariantId } from '@scorpion/protocol';
import type { GameService } from '../games/service.ts';
import { shownRating } from '../ratings/model.ts';
import { shown } from '../ratings/shown.ts';
import type { GameRow, Repos } from '../repo/types.ts';

/** How many rated players, nearest in rating first, are looked at for a recorded game. */
const PLAYERS_LOOKED_AT = 20;
/** How many of each one's latest races. */
const RACES_EACH = 10;
/** The rating board read to find them (its top: a very large site would want an index by rating). */
const BOARD_READ = 500;

export interface GhostPick {
  readonly game: GameRow;
  readonly nickname: string;
  readonly rating: ShownRating | null;
  /** Nobody within the band had a recorded game: this one is of anyone's. */
  readonly widened: boolean;
}

export interface GhostAsk {
  readonly playerId: string;
  readonly rating: number;
  readonly band: number;
  readonly variant: VariantId;
  readonly options: GameOptions;
}

/**
 * A recorded game to race as a ghost: a finished race game of the same variant and options, of
 * a rated player as near the asker's rating as can be (within `band` if anyone is, else anyone),
 * won games first, public (its race is over), and never of a race the asker ran, whose deal they
 * know. Undefined when no such game exists yet.
 */
export async function pickGhost(
  repos: Pick<Repos, 'ratings' | 'profiles' | 'games'>,
  games: Pick<GameService, 'isPublic'>,
  ask: GhostAsk,
): Promise<GhostPick | undefined> {
  const mine = new Set((await repos.profiles.races(ask.playerId, 200)).map((r) => r.raceId));
  const near = (await repos.ratings.board(0, BOARD_READ))
    .filter((r) => r.playerId !== ask.playerId)
    .map((r) => ({ row: r, distance: Math.abs(shownRating(r.mu) - ask.rating) }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, PLAYERS_LOOKED_AT);
  // Within the band before outside it, then won before lost, then nearest first.
  let best: { pick: GhostPick; order: number } | undefined;
  for (const { row, distance } of near) {
    const widened = distance > ask.band;
    for (const race of await repos.profiles.races(row.playerId, RACES_EACH)) {
      if (mine.has(race.raceId)) continue;
      const game = await repos.games.get(race.gameId);
      if (!game || game.variant !== ask.variant || game.status === 'playing' || game.timeMs === null) continue;
      if (game.options.foundations !== ask.options.foundations || game.options.open !== ask.options.open) continue;
      if (!(await games.isPublic(game))) continue;
      const order = (widened ? 2 : 0) + (game.status === 'won' ? 0 : 1);
      if (!best || order < best.order)
        best = { pick: { game, nickname: row.nickname, rating: shown(row), widened }, order };
      if (order === 0) return best.pick;
    }
  }
  return best?.pick;
}
