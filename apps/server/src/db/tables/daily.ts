// Type only: erased when drizzle-kit loads this file.
import type { Card, Move, VariantId } from '@scorpion/rules';
import { type Builders, type IndexColumns, type IndexKit, type Kit, required } from '../kit.ts';

/* The daily deal, its results, flags, openings and boards: the columns and indexes both schemas build (`kit.ts`). */

export const dailyDealsColumns = <B extends Builders>(k: Kit<B>) => ({
  date: k.text('date').primaryKey(),
  day: k.int('day').notNull(),
  variant: required(k.text('variant').$type<VariantId>()),
  seed: k.text('seed').notNull(),
  deck: required(k.json('deck').$type<readonly Card[]>()),
  /** Which candidate of the day (0, 1, …) the certifier accepted, and which certifier. */
  candidate: k.int('candidate').notNull(),
  certifiedBy: k.text('certified_by').notNull(),
  /**
   * The certificate of a deal proven winnable: a winning line from the start (published once the
   * day is over) and the solver's difficulty. Null when nothing was proven (CERTIFY=none, an
   * undecided candidate) and for deals certified before certificates were kept.
   */
  line: k.json('line').$type<readonly Move[]>(),
  difficultyStars: k.int('difficulty_stars'),
  difficultyScore: k.real('difficulty_score'),
});

/**
 * One ranked daily result per player and day. `sortKey` orders the board in one index scan:
 * winners by time then moves, then the rest by progress, face-down cards left, moves.
 */
export const dailyResultsColumns = <B extends Builders>(k: Kit<B>) => ({
  date: k.text('date').notNull(),
  playerId: k.playerId('player_id').notNull(),
  gameId: k.text('game_id').notNull(),
  won: k.bool('won').notNull(),
  timeMs: k.ms('time_ms').notNull(),
  moves: k.int('moves').notNull(),
  progress: k.int('progress').notNull(),
  faceDown: k.int('face_down').notNull(),
  /** The stored move list replays to this result; unverified results are not on the board. */
  verified: k.bool('verified').notNull(),
  sortKey: k.ms('sort_key').notNull(),
  finishedAt: k.ms('finished_at').notNull(),
});

export const dailyResultsIndexes =
  <C extends I, I, X>(k: IndexKit<C, I, X>) =>
  (t: IndexColumns<typeof dailyResultsColumns, C>) => [
    k.primaryKey({ columns: [t.date, t.playerId] }),
    k.index('daily_results_board').on(t.date, t.verified, t.sortKey, t.finishedAt, t.playerId),
    k.index('daily_results_fastest').on(t.timeMs, t.finishedAt, t.playerId, t.date).where(k.hold('won', 'verified')),
  ];

/**
 * A ranked daily result kept off the board: another identity opened the same day's deal from the
 * same device before it ended (`daily/flags.ts`; `address`: from the same address, a rule since dropped). Its owner sees it, with the reason;
 * no board, rank, count or total includes it.
 */
export const dailyFlaggedColumns = <B extends Builders>(k: Kit<B>) => ({
  date: k.text('date').notNull(),
  playerId: k.playerId('player_id').notNull(),
  gameId: k.text('game_id').notNull(),
  won: k.bool('won').notNull(),
  timeMs: k.ms('time_ms').notNull(),
  moves: k.int('moves').notNull(),
  progress: k.int('progress').notNull(),
  faceDown: k.int('face_down').notNull(),
  verified: k.bool('verified').notNull(),
  finishedAt: k.ms('finished_at').notNull(),
  reason: required(k.text('reason').$type<'address' | 'device'>()),
});

export const dailyFlaggedIndexes =
  <C extends I, I, X>(k: IndexKit<C, I, X>) =>
  (t: IndexColumns<typeof dailyFlaggedColumns, C>) => [k.primaryKey({ columns: [t.date, t.playerId] })];

/**
 * Who opened which day's deal from where: one row per player, day, address and device, with the
 * first time. `address` is a keyed hash of the address (never the address itself); `device` the
 * device cookie's id, '' when the client sent none.
 */
export const dailyOpensColumns = <B extends Builders>(k: Kit<B>) => ({
  date: k.text('date').notNull(),
  playerId: k.playerId('player_id').notNull(),
  address: k.text('address').notNull(),
  device: k.text('device').notNull(),
  at: k.ms('at').notNull(),
});

export const dailyOpensIndexes =
  <C extends I, I, X>(k: IndexKit<C, I, X>) =>
  (t: IndexColumns<typeof dailyOpensColumns, C>) => [
    k.primaryKey({ columns: [t.date, t.playerId, t.address, t.device] }),
    k.index('daily_opens_address').on(t.date, t.address, t.at),
    k.index('daily_opens_device').on(t.date, t.device, t.at),
  ];

/** How many ranked results each day's board holds and how many are wins, kept with each result. */
export const dailyCountsColumns = <B extends Builders>(k: Kit<B>) => ({
  date: k.text('date').primaryKey(),
  played: k.int('played').notNull(),
  won: k.int('won').notNull(),
});

/** Per-player daily totals, kept up to date with each result so all-time boards need no scan. */
export const playerStatsColumns = <B extends Builders>(k: Kit<B>) => ({
  playerId: k.playerId('player_id').primaryKey(),
  dailyPlayed: k.int('daily_played').notNull(),
  dailyWins: k.int('daily_wins').notNull(),
  currentStreak: k.int('current_streak').notNull(),
  bestStreak: k.int('best_streak').notNull(),
  lastWinDate: k.text('last_win_date'),
  bestTimeMs: k.ms('best_time_ms'),
});

export const playerStatsIndexes =
  <C extends I, I, X>(k: IndexKit<C, I, X>) =>
  (t: IndexColumns<typeof playerStatsColumns, C>) => [
    // Each board's whole order, player id included (read backwards): a deep page steps over
    // index entries only.
    // A tie ends with the best time, the fastest first (then the player id): read backwards, the
    // time's column runs from fast to slow.
    k.index('player_stats_wins_time').on(t.dailyWins, k.desc(t.bestTimeMs), t.playerId),
    k.index('player_stats_streak_time').on(t.bestStreak, t.dailyWins, k.desc(t.bestTimeMs), t.playerId),
  ];
