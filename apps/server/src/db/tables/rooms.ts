// Type only: erased when drizzle-kit loads this file.
import type { FinishWindow } from '@scorpion/protocol';
import type { Options, VariantId } from '@scorpion/rules';
import { type Builders, type IndexColumns, type IndexKit, type Kit, required } from '../kit.ts';

/* Rooms, their races, results and ratings: the columns and indexes both schemas build (`kit.ts`). */

export const roomsColumns = <B extends Builders>(k: Kit<B>) => ({
  code: k.text('code').primaryKey(),
  hostId: k.text('host_id').notNull(),
  variant: required(k.text('variant').$type<VariantId>()),
  options: required(k.json('options').$type<Options>()),
  timeLimit: required(k.int('time_limit').$type<0 | 5 | 10 | 15>()),
  winnableOnly: k.bool('winnable_only').notNull(),
  /** The host's choice at creation: its races change the racers' ratings. */
  rated: k.boolDefault('rated', false),
  /** 1 for single races; 3 or 5 for a best-of series (first to 2 or 3 game wins). */
  bestOf: k.intDefault('best_of', 1).$type<1 | 3 | 5>(),
  /** Seconds the others get to finish once someone has solved it; 0 waits for everyone. */
  finishWindow: k.intDefault('finish_window', 30).$type<FinishWindow>(),
  createdAt: k.ms('created_at').notNull(),
});

/** Who is in a room, since when; PostgreSQL adds a join order (`pg-schema.ts`), SQLite has its rowid. */
export const roomMembersColumns = <B extends Builders>(k: Kit<B>) => ({
  code: k.text('code').notNull(),
  playerId: k.text('player_id').notNull(),
  joinedAt: k.ms('joined_at').notNull(),
});

export const roomMembersIndexes =
  <C extends I, I, X>(k: IndexKit<C, I, X>) =>
  (t: IndexColumns<typeof roomMembersColumns, C>) => [
    k.primaryKey({ columns: [t.code, t.playerId] }),
    k.index('room_members_player').on(t.playerId),
  ];

export const racesColumns = <B extends Builders>(k: Kit<B>) => ({
  id: k.text('id').primaryKey(),
  code: k.text('code').notNull(),
  number: k.int('number').notNull(),
  seed: k.text('seed').notNull(),
  /** Server clock at the end of the countdown. */
  startsAt: k.ms('starts_at').notNull(),
  pausedMs: k.msDefault('paused_ms', 0),
  /** Minutes; 0 for none. */
  timeLimit: k.int('time_limit').notNull(),
  status: required(k.text('status').$type<'racing' | 'finished'>()),
  finishedAt: k.ms('finished_at'),
  /** Rated when dealt (the room's setting then): its end updates the racers' ratings. */
  rated: k.boolDefault('rated', false),
  /** In a best-of room: the number of the race that opened this race's series. */
  series: k.int('series'),
});

export const racesIndexes =
  <C extends I, I, X>(k: IndexKit<C, I, X>) =>
  (t: IndexColumns<typeof racesColumns, C>) => [
    k.uniqueIndex('races_room_number').on(t.code, t.number),
    k.index('races_status').on(t.status),
    k.index('races_series').on(t.code, t.series),
  ];

/**
 * Cluster mode: which process owns each room (and runs its races). A claim on a free or lapsed
 * lease takes a new `epoch`; race-level writes carry the epoch they were made under and are
 * refused once it is no longer the room's (fencing). Embedded mode never writes a row.
 */
export const roomOwnersColumns = <B extends Builders>(k: Kit<B>) => ({
  code: k.text('code').primaryKey(),
  nodeId: k.text('node_id').notNull(),
  epoch: k.int('epoch').notNull(),
  /** Server clock when the lease was last taken or renewed. */
  renewedAt: k.ms('renewed_at').notNull(),
  /** Server clock from which another process may claim the room. */
  leaseUntil: k.ms('lease_until').notNull(),
});

export const raceResultsColumns = <B extends Builders>(k: Kit<B>) => ({
  raceId: k.text('race_id').notNull(),
  playerId: k.text('player_id').notNull(),
  gameId: k.text('game_id').notNull(),
  rank: k.int('rank').notNull(),
  won: k.bool('won').notNull(),
  gaveUp: k.bool('gave_up').notNull(),
  timeMs: k.ms('time_ms').notNull(),
  progress: k.int('progress').notNull(),
  faceDown: k.int('face_down').notNull(),
  moves: k.int('moves').notNull(),
});

export const raceResultsIndexes =
  <C extends I, I, X>(k: IndexKit<C, I, X>) =>
  (t: IndexColumns<typeof raceResultsColumns, C>) => [
    k.primaryKey({ columns: [t.raceId, t.playerId] }),
    k.index('race_results_player').on(t.playerId, t.raceId),
  ];

/**
 * Each player's rating (OpenSkill Weng-Lin: mean and uncertainty), written only with a rated
 * race's end. `established` is `games >= PROVISIONAL_GAMES`, kept so the leaderboard is one index.
 */
export const ratingsColumns = <B extends Builders>(k: Kit<B>) => ({
  playerId: k.playerId('player_id').primaryKey(),
  mu: k.real('mu').notNull(),
  sigma: k.real('sigma').notNull(),
  games: k.int('games').notNull(),
  established: k.bool('established').notNull(),
  updatedAt: k.ms('updated_at').notNull(),
});

export const ratingsIndexes =
  <C extends I, I, X>(k: IndexKit<C, I, X>) =>
  (t: IndexColumns<typeof ratingsColumns, C>) => [k.index('ratings_board').on(t.established, t.mu, t.playerId)];

/** One row per rated race and racer: the rating after it (the history a profile charts). */
export const ratingHistoryColumns = <B extends Builders>(k: Kit<B>) => ({
  raceId: k.text('race_id').notNull(),
  playerId: k.text('player_id').notNull(),
  /** The rank the rating read (a racer who left early counts as last). */
  rank: k.int('rank').notNull(),
  muBefore: k.real('mu_before').notNull(),
  mu: k.real('mu').notNull(),
  sigma: k.real('sigma').notNull(),
  games: k.int('games').notNull(),
  at: k.ms('at').notNull(),
});

export const ratingHistoryIndexes =
  <C extends I, I, X>(k: IndexKit<C, I, X>) =>
  (t: IndexColumns<typeof ratingHistoryColumns, C>) => [
    k.primaryKey({ columns: [t.raceId, t.playerId] }),
    k.index('rating_history_player').on(t.playerId, t.at),
  ];
