// Type only: erased when drizzle-kit loads this file.
import type { Move } from '@scorpion/rules';
import { type Builders, type IndexColumns, type IndexKit, type Kit, required } from '../kit.ts';

/* Puzzles: players, ratings, attempts, rushes and races: the columns and indexes both schemas build (`kit.ts`). */

/**
 * Each player's puzzle rating (OpenSkill, as race ratings, but a scale of its own: a puzzle
 * solved is a game won against the puzzle). Written with each rated puzzle's result.
 */
export const puzzlePlayersColumns = <B extends Builders>(k: Kit<B>) => ({
  playerId: k.playerId('player_id').primaryKey(),
  mu: k.real('mu').notNull(),
  sigma: k.real('sigma').notNull(),
  games: k.int('games').notNull(),
});

/**
 * The ratings of the puzzles players have had: a puzzle without a row has its starting rating,
 * worked out from the solver's effort (`puzzles/rating.ts`). The puzzles themselves are the
 * shipped data (`docs/puzzles/data`), read at start.
 */
export const puzzleRatingsColumns = <B extends Builders>(k: Kit<B>) => ({
  puzzleId: k.text('puzzle_id').primaryKey(),
  mu: k.real('mu').notNull(),
  sigma: k.real('sigma').notNull(),
  games: k.int('games').notNull(),
});

/**
 * A player's attempt at a puzzle: one per player and puzzle (a puzzle is rated once for each
 * player), `open` while moves are found (`step` of them), then `solved`, `failed` or `gave-up`.
 */
export const puzzleAttemptsColumns = <B extends Builders>(k: Kit<B>) => ({
  id: k.text('id').primaryKey(),
  playerId: k.playerId('player_id').notNull(),
  puzzleId: k.text('puzzle_id').notNull(),
  step: k.int('step').notNull(),
  status: required(k.text('status').$type<'open' | 'solved' | 'failed' | 'gave-up'>()),
  startedAt: k.ms('started_at').notNull(),
  endedAt: k.ms('ended_at'),
});

export const puzzleAttemptsIndexes =
  <C extends I, I, X>(k: IndexKit<C, I, X>) =>
  (t: IndexColumns<typeof puzzleAttemptsColumns, C>) => [
    k.uniqueIndex('puzzle_attempts_player_puzzle').on(t.playerId, t.puzzleId),
    k.index('puzzle_attempts_player_status').on(t.playerId, t.status),
  ];

/**
 * Puzzle rush runs (issue #36): the run's puzzles, fixed as it starts (`puzzle_ids`, easy to
 * hard), where the player is (`at`, `step`), the score (puzzles solved) and each mistake (the
 * puzzle, the move and what was played). `ends_at` is the clock's end on the server's clock,
 * ten seconds sooner for each mistake. A run never rates anything; a player's best is the
 * highest score of their runs that are over.
 */
export const puzzleRushesColumns = <B extends Builders>(k: Kit<B>) => ({
  id: k.text('id').primaryKey(),
  playerId: k.playerId('player_id').notNull(),
  puzzleIds: required(k.json('puzzle_ids').$type<readonly string[]>()),
  at: k.int('at').notNull(),
  step: k.int('step').notNull(),
  score: k.int('score').notNull(),
  mistakes: required(
    k.json('mistakes').$type<readonly { readonly at: number; readonly step: number; readonly move: Move }[]>(),
  ),
  status: required(k.text('status').$type<'open' | 'over'>()),
  startedAt: k.ms('started_at').notNull(),
  endsAt: k.ms('ends_at').notNull(),
  endedAt: k.ms('ended_at'),
});

export const puzzleRushesIndexes =
  <C extends I, I, X>(k: IndexKit<C, I, X>) =>
  (t: IndexColumns<typeof puzzleRushesColumns, C>) => [
    k.index('puzzle_rushes_player_status').on(t.playerId, t.status),
    k.index('puzzle_rushes_ended').on(t.status, t.endedAt),
  ];

/**
 * Puzzle races (issue #36, after lichess Racer): a race made by `creator_id`, joined by its link
 * (`code`, a room code's shape). `puzzle_ids` (easy to hard, the same for every member),
 * `starts_at` (after a countdown) and `ends_at` (90 s later, on the server's clock) are written
 * once, when the creator starts it; whether it is in the lobby, counting down, running or over is
 * read from them and the clock. `next` is the race "race again" made once this one was over.
 */
export const puzzleRacesColumns = <B extends Builders>(k: Kit<B>) => ({
  code: k.text('code').primaryKey(),
  creatorId: k.playerId('creator_id').notNull(),
  puzzleIds: k.json('puzzle_ids').$type<readonly string[]>(),
  createdAt: k.ms('created_at').notNull(),
  startsAt: k.ms('starts_at'),
  endsAt: k.ms('ends_at'),
  next: k.text('next'),
});

/**
 * A puzzle race's members, at most ten: where each is (`at`, `step`, as in a rush), their score
 * (puzzles solved) and when they reached it on the server's clock (`scored_at`: the ranking's
 * tie-break; null at no score).
 */
export const puzzleRaceMembersColumns = <B extends Builders>(k: Kit<B>) => ({
  code: k.text('code').notNull(),
  playerId: k.playerId('player_id').notNull(),
  joinedAt: k.ms('joined_at').notNull(),
  at: k.int('at').notNull(),
  step: k.int('step').notNull(),
  score: k.int('score').notNull(),
  scoredAt: k.ms('scored_at'),
});

export const puzzleRaceMembersIndexes =
  <C extends I, I, X>(k: IndexKit<C, I, X>) =>
  (t: IndexColumns<typeof puzzleRaceMembersColumns, C>) => [k.primaryKey({ columns: [t.code, t.playerId] })];
