// Type only: erased when drizzle-kit loads this file.
import type { Card, Options, VariantId } from '@scorpion/rules';
import { sql } from 'drizzle-orm';
import { type Builders, type IndexColumns, type IndexKit, type Kit, required } from '../kit.ts';

/* Games and their moves: the columns and indexes both schemas build (`kit.ts`). */

export const gamesColumns = <B extends Builders>(k: Kit<B>) => ({
  id: k.text('id').primaryKey(),
  playerId: k.text('player_id').notNull(),
  kind: required(k.text('kind').$type<'daily' | 'practice' | 'race' | 'challenge' | 'arena'>()),
  variant: required(k.text('variant').$type<VariantId>()),
  options: required(k.json('options').$type<Options>()),
  seed: k.text('seed'),
  /** The player chose the seed (practice): the seed may be shown to them. */
  playerSeed: k.bool('player_seed').notNull(),
  /** The full deck as card numbers, in deal order. */
  deck: required(k.json('deck').$type<readonly Card[]>()),
  dailyDate: k.text('daily_date'),
  raceId: k.text('race_id'),
  ranked: k.bool('ranked').notNull(),
  status: required(k.text('status').$type<'playing' | 'won' | 'gave-up' | 'timed-out'>()),
  /** Server clock when the clock starts (a race's countdown end; when a daily was first shown). */
  startedAt: k.ms('started_at').notNull(),
  /** Server downtime while the game was open: never counted on its clock. */
  pausedMs: k.msDefault('paused_ms', 0),
  finishedAt: k.ms('finished_at'),
  timeMs: k.ms('time_ms'),
  seq: k.intDefault('seq', 0),
  moves: k.intDefault('moves', 0),
  undos: k.intDefault('undos', 0),
  progress: k.intDefault('progress', 0),
  faceDown: k.intDefault('face_down', 0),
  /** An arena deal (kind `arena`): its arena, its number there (from 1), and whether it is played berserk. */
  arenaId: k.text('arena_id'),
  arenaDeal: k.int('arena_deal'),
  berserk: k.boolDefault('berserk', false),
  /** An arena deal takes no action from then on: its own limit, or the arena's end if sooner. */
  closesAt: k.ms('closes_at'),
  /**
   * Cluster mode: the process serving an arena deal in play (`NODE_ID`), set when it deals it or takes
   * it over; when that process dies, the deal's unserved seconds are credited once (`OutageRepo.take`).
   */
  heldBy: k.text('held_by'),
});

export const gamesIndexes =
  <C extends I, I, X>(k: IndexKit<C, I, X>) =>
  (t: IndexColumns<typeof gamesColumns, C>) => [
    // A player's deal of an arena is one game, so its result cannot be stored, or counted, twice.
    k.uniqueIndex('games_arena_deal').on(t.arenaId, t.playerId, t.arenaDeal),
    k.index('games_player_status').on(t.playerId, t.status),
    k.index('games_daily').on(t.dailyDate, t.playerId),
    // One ranked attempt per player and day, whichever process or tab asks first.
    k
      .uniqueIndex('games_daily_ranked')
      .on(t.playerId, t.dailyDate)
      .where(sql`kind = 'daily' AND ${k.hold('ranked')}`),
    k.index('games_race').on(t.raceId),
    k.index('games_open').on(t.status).where(sql`status = 'playing'`),
    // A past daily's deal played late, as practice on its seed: its own board (`repo/shared/late.ts`).
    k.index('games_seed').on(t.seed).where(sql`kind = 'practice'`),
    // The month's finished games in order, for the open-data export (`exports/`).
    k.index('games_finished').on(t.finishedAt, t.id),
  ];

/**
 * The hints the server gave in a practice game it dealt (its seed kept from the player): a game
 * with any is marked so, and cannot become a "Beat my time" challenge. Stored before the hint is
 * answered, so that no hint is ever given without its mark.
 */
export const gameHintsColumns = <B extends Builders>(k: Kit<B>) => ({
  gameId: k.text('game_id').primaryKey(),
  hints: k.int('hints').notNull(),
  lastAt: k.ms('last_at').notNull(),
});

/** Every action of every game, in order: the game is these replayed from its deck. */
export const actionsColumns = <B extends Builders>(k: Kit<B>) => ({
  gameId: k.text('game_id').notNull(),
  seq: k.int('seq').notNull(),
  action: k.text('action').notNull(),
  at: k.ms('at').notNull(),
});

export const actionsIndexes =
  <C extends I, I, X>(k: IndexKit<C, I, X>) =>
  (t: IndexColumns<typeof actionsColumns, C>) => [k.primaryKey({ columns: [t.gameId, t.seq] })];
