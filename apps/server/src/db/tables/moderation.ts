import { sql } from 'drizzle-orm';
import { type Builders, type IndexColumns, type IndexKit, type Kit, required } from '../kit.ts';

/* Challenges, moderation and the evidence it reads: the columns and indexes both schemas build (`kit.ts`). */

/**
 * "Beat my time": a challenge link to one finished, public game (its `source`). The code is the
 * link's only key, so the link never names the game, whose public record holds the whole deck.
 * One challenge per game: sharing again gives the same link.
 */
export const challengesColumns = <B extends Builders>(k: Kit<B>) => ({
  code: k.text('code').primaryKey(),
  sourceGameId: k.text('source_game_id').notNull(),
  playerId: k.text('player_id').notNull(),
  createdAt: k.ms('created_at').notNull(),
});

export const challengesIndexes =
  <C extends I, I, X>(k: IndexKit<C, I, X>) =>
  (t: IndexColumns<typeof challengesColumns, C>) => [k.uniqueIndex('challenges_source').on(t.sourceGameId)];

/** The games played against a challenge's ghost, one row each. */
export const challengeGamesColumns = <B extends Builders>(k: Kit<B>) => ({
  gameId: k.text('game_id').primaryKey(),
  code: k.text('code').notNull(),
  playerId: k.text('player_id').notNull(),
});

export const challengeGamesIndexes =
  <C extends I, I, X>(k: IndexKit<C, I, X>) =>
  (t: IndexColumns<typeof challengeGamesColumns, C>) => [k.index('challenge_games_player').on(t.playerId, t.code)];

/** Players the operator made moderators (`pnpm moderator grant NICKNAME`). */
export const moderatorsColumns = <B extends Builders>(k: Kit<B>) => ({
  playerId: k.text('player_id').primaryKey(),
  grantedAt: k.ms('granted_at').notNull(),
});

/**
 * The moderators' queue, past and present: a player's report of another, a ranked game held off
 * the board by its evidence from play, or a marked player's appeal. `status` says how it closed.
 */
export const modCasesColumns = <B extends Builders>(k: Kit<B>) => ({
  id: k.text('id').primaryKey(),
  kind: required(k.text('kind').$type<'report' | 'held' | 'appeal'>()),
  /** Whom the entry is about. */
  playerId: k.text('player_id').notNull(),
  /** Who reported (reports only). */
  reporterId: k.text('reporter_id'),
  /** A reason from `REPORT_REASONS` (reports only). */
  reason: k.text('reason'),
  /** The reporter's or the appellant's own sentence. */
  note: k.text('note'),
  /** Where the report was made: a race's results, a profile, an arena's standings. */
  source: k.text('source'),
  gameId: k.text('game_id'),
  raceId: k.text('race_id'),
  /** What the evidence from play says about a held game, in a sentence. */
  summary: k.text('summary'),
  createdAt: k.ms('created_at').notNull(),
  status: required(k.text('status').$type<'open' | 'actioned' | 'cleared' | 'dismissed'>()),
  closedAt: k.ms('closed_at'),
  /** The reporter has been told that the report led to action. */
  reporterTold: k.boolDefault('reporter_told', false),
});

export const modCasesIndexes =
  <C extends I, I, X>(k: IndexKit<C, I, X>) =>
  (t: IndexColumns<typeof modCasesColumns, C>) => [
    k.index('mod_cases_open').on(t.status, t.createdAt),
    k.index('mod_cases_player').on(t.playerId, t.status),
    k.index('mod_cases_reporter').on(t.reporterId, t.status),
    // One open report per reporter and player; one queue entry per held game.
    k
      .uniqueIndex('mod_cases_one_open_report')
      .on(t.reporterId, t.playerId)
      .where(sql`kind = 'report' AND status = 'open'`),
    k.uniqueIndex('mod_cases_held_game').on(t.gameId).where(sql`kind = 'held'`),
  ];

/** A marked player: their results leave every board until a moderator clears them. */
export const marksColumns = <B extends Builders>(k: Kit<B>) => ({
  playerId: k.text('player_id').primaryKey(),
  markedAt: k.ms('marked_at').notNull(),
  /** The moderation log entry that marked them. */
  logId: k.text('log_id').notNull(),
  /** When they appealed: once per mark. */
  appealedAt: k.ms('appealed_at'),
});

/** Every moderator's action: who, what, about whom, when and why; each can be undone once. */
export const modLogColumns = <B extends Builders>(k: Kit<B>) => ({
  id: k.text('id').primaryKey(),
  moderatorId: k.text('moderator_id').notNull(),
  action: required(k.text('action').$type<'mark' | 'clear' | 'dismiss'>()),
  playerId: k.text('player_id').notNull(),
  reason: k.text('reason').notNull(),
  at: k.ms('at').notNull(),
  /** The queue entries the action closed (JSON array of ids), reopened by its undo. */
  cases: required(k.json('cases').$type<readonly string[]>()),
  /** A clear that lifted a mark (its undo marks again). */
  unmarked: k.boolDefault('unmarked', false),
  undoneAt: k.ms('undone_at'),
  undoneBy: k.text('undone_by'),
});

export const modLogIndexes =
  <C extends I, I, X>(k: IndexKit<C, I, X>) =>
  (t: IndexColumns<typeof modLogColumns, C>) => [
    k.index('mod_log_at').on(t.at),
    k.index('mod_log_player').on(t.playerId, t.at),
  ];

/**
 * Rating points given back to a marked player's rated opponent (`moderation/refund.ts`), once per
 * mark: `mu` is what was added to their rating, taken back if the mark is cleared.
 */
export const ratingRefundsColumns = <B extends Builders>(k: Kit<B>) => ({
  markedId: k.text('marked_id').notNull(),
  victimId: k.text('victim_id').notNull(),
  points: k.int('points').notNull(),
  mu: k.real('mu').notNull(),
  at: k.ms('at').notNull(),
});

export const ratingRefundsIndexes =
  <C extends I, I, X>(k: IndexKit<C, I, X>) =>
  (t: IndexColumns<typeof ratingRefundsColumns, C>) => [
    k.primaryKey({ columns: [t.markedId, t.victimId] }),
    k.index('rating_refunds_victim').on(t.victimId),
  ];

/**
 * What a ranked game's moves say (issue #32, `evidence/runner.ts`): queued when the game ends,
 * weighed on the solver's low-priority threads, stored here. `held`: `held` keeps the result off
 * every board until a moderator clears it (`cleared`, back on the board) or confirms it
 * (`confirmed`, off for good); `no` when the score stayed under the threshold. `signals` is the
 * whole evidence as JSON (the score's positions, timing, undos, the line's analysis).
 */
export const gameEvidenceColumns = <B extends Builders>(k: Kit<B>) => ({
  gameId: k.text('game_id').primaryKey(),
  playerId: k.playerId('player_id').notNull(),
  queuedAt: k.ms('queued_at').notNull(),
  status: required(k.text('status').$type<'queued' | 'done' | 'failed'>()),
  version: k.int('version'),
  score: k.real('score'),
  held: required(k.text('held').$type<'no' | 'held' | 'cleared' | 'confirmed'>()),
  signals: k.text('signals'),
  weighedAt: k.ms('weighed_at'),
});

export const gameEvidenceIndexes =
  <C extends I, I, X>(k: IndexKit<C, I, X>) =>
  (t: IndexColumns<typeof gameEvidenceColumns, C>) => [
    k.index('game_evidence_player').on(t.playerId, t.queuedAt),
    k.index('game_evidence_queue').on(t.status, t.queuedAt),
  ];

/**
 * When the tab of a ranked game in play was hidden or shown again (issue #32), as the page
 * reported it (the Page Visibility API) and timed by the server's clock: the weigher works out
 * the share of the game's time the tab was hidden, which a moderator reads beside the evidence.
 */
export const tabVisibilityColumns = <B extends Builders>(k: Kit<B>) => ({
  gameId: k.text('game_id').notNull(),
  at: k.ms('at').notNull(),
  hidden: k.bool('hidden').notNull(),
});

export const tabVisibilityIndexes =
  <C extends I, I, X>(k: IndexKit<C, I, X>) =>
  (t: IndexColumns<typeof tabVisibilityColumns, C>) => [k.index('tab_visibility_game').on(t.gameId, t.at)];
