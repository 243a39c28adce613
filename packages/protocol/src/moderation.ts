import { z } from 'zod';
import { REPORT_NOTE_MAX, REPORT_REASONS } from './report-reasons.ts';

/** Why a player reports another: a short list, so that the moderators' queue can be sorted by it. */
export const ReportReason = z.enum(REPORT_REASONS);
export type ReportReason = z.infer<typeof ReportReason>;

/** Where a report was made: a race's results, a profile, an arena's standings. */
export const ReportSource = z.enum(['race', 'profile', 'arena']);
export type ReportSource = z.infer<typeof ReportSource>;

const Note = z.string().trim().max(REPORT_NOTE_MAX);

/** `POST /api/reports`: one open report per reporter and player (`report-open`), never oneself (`report-self`). */
export const ReportBody = z.strictObject({
  playerId: z.string().min(1).max(64),
  reason: ReportReason,
  note: Note.optional(),
  source: ReportSource,
  raceId: z.string().min(1).max(64).optional(),
  gameId: z.string().min(1).max(64).optional(),
});
export type ReportBody = z.infer<typeof ReportBody>;

export const ReportResponse = z.strictObject({ reportId: z.string() });
export type ReportResponse = z.infer<typeof ReportResponse>;

/**
 * `GET /api/me/moderation`: what the player is told on their visit (all empty for a guest). `mark`: they are marked (their
 * results are off every board) and whether they have appealed. `actioned`: their reports that led
 * to action since they were last told (each is told once).
 */
export const ModNotices = z.strictObject({
  /** A moderator: the app offers `/mod`. */
  moderator: z.boolean(),
  mark: z.strictObject({ at: z.number(), appealed: z.boolean() }).nullable(),
  actioned: z.array(z.strictObject({ nickname: z.string(), at: z.number() })),
});
export type ModNotices = z.infer<typeof ModNotices>;

/** `POST /api/me/appeal`: a marked player's one appeal, with their sentence. */
export const AppealBody = z.strictObject({ note: Note.optional() });
export type AppealBody = z.infer<typeof AppealBody>;

/** One entry of the moderators' queue (`GET /api/mod/queue`). */
export const QueueEntry = z.strictObject({
  id: z.string(),
  kind: z.enum(['report', 'held', 'appeal']),
  player: z.strictObject({ id: z.string(), nickname: z.string() }),
  /** Marked now. */
  marked: z.boolean(),
  reporter: z.strictObject({ id: z.string(), nickname: z.string() }).nullable(),
  reason: ReportReason.nullable(),
  note: z.string().nullable(),
  source: ReportSource.nullable(),
  /** The game to replay (`/g/ID`): the race's or the held game. */
  gameId: z.string().nullable(),
  raceId: z.string().nullable(),
  /** A held game's evidence from play, in a sentence. */
  summary: z.string().nullable(),
  at: z.number(),
});
export type QueueEntry = z.infer<typeof QueueEntry>;

export const ModQueue = z.strictObject({ entries: z.array(QueueEntry) });
export type ModQueue = z.infer<typeof ModQueue>;

/**
 * `POST /api/mod/actions`: `mark` the player (off every board, refunds to their rated opponents),
 * `clear` them (a mark lifted, refunds taken back, held games back on the board), or `dismiss`
 * one queue entry (`caseId`). `reason` goes in the log.
 */
export const ModActionBody = z.discriminatedUnion('action', [
  z.strictObject({ action: z.enum(['mark', 'clear']), playerId: z.string().min(1).max(64), reason: Note.min(1) }),
  z.strictObject({ action: z.literal('dismiss'), caseId: z.string().min(1).max(64), reason: Note.min(1) }),
]);
export type ModActionBody = z.infer<typeof ModActionBody>;

/** One moderator's action, as the log lists it (`GET /api/mod/log`); `POST /api/mod/log/:id/undo` undoes it. */
export const ModLogEntry = z.strictObject({
  id: z.string(),
  moderator: z.strictObject({ id: z.string(), nickname: z.string() }),
  action: z.enum(['mark', 'clear', 'dismiss']),
  player: z.strictObject({ id: z.string(), nickname: z.string() }),
  reason: z.string(),
  at: z.number(),
  undoneAt: z.number().nullable(),
});
export type ModLogEntry = z.infer<typeof ModLogEntry>;

export const ModLog = z.strictObject({ entries: z.array(ModLogEntry) });
export type ModLog = z.infer<typeof ModLog>;

export const ModLogParams = z.strictObject({ id: z.string().min(1).max(64) });
