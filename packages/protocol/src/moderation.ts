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
  /** The player reported. */
  playerId: z.string().min(1).max(64),
  /** Why. */
  reason: ReportReason,
  /** A few words for the moderators. */
  note: Note.optional(),
  /** Where the report was made. */
  source: ReportSource,
  /** The race it is about, for a report from its results. */
  raceId: z.string().min(1).max(64).optional(),
  /** The game it is about. */
  gameId: z.string().min(1).max(64).optional(),
});
export type ReportBody = z.infer<typeof ReportBody>;

export const ReportResponse = z.strictObject({
  /** The report's id. */
  reportId: z.string(),
});
export type ReportResponse = z.infer<typeof ReportResponse>;

/**
 * `GET /api/me/moderation`: what the player is told on their visit (all empty for a guest). `mark`: they are marked (their
 * results are off every board) and whether they have appealed. `actioned`: their reports that led
 * to action since they were last told (each is told once).
 */
export const ModNotices = z.strictObject({
  /** A moderator: the app offers `/mod`. */
  moderator: z.boolean(),
  /** Their mark; null when they are not marked. */
  mark: z
    .strictObject({
      /** When they were marked. */
      at: z.number(),
      /** They have appealed. */
      appealed: z.boolean(),
    })
    .nullable(),
  /** Their reports that led to action, since they were last told. */
  actioned: z.array(
    z.strictObject({
      /** The player they reported. */
      nickname: z.string(),
      at: z.number(),
    }),
  ),
});
export type ModNotices = z.infer<typeof ModNotices>;

/** `POST /api/me/appeal`: a marked player's one appeal, with their sentence. */
export const AppealBody = z.strictObject({
  /** Their sentence for the moderators. */
  note: Note.optional(),
});
export type AppealBody = z.infer<typeof AppealBody>;

/** One entry of the moderators' queue (`GET /api/mod/queue`). */
export const QueueEntry = z.strictObject({
  /** The case's id (`caseId` to dismiss it). */
  id: z.string(),
  /** `report`: a player's report; `held`: a result held on its evidence from play; `appeal`: a marked player's appeal. */
  kind: z.enum(['report', 'held', 'appeal']),
  /** The player it is about. */
  player: z.strictObject({
    /** Their id. */
    id: z.string(),
    /** Their nickname. */
    nickname: z.string(),
  }),
  /** Marked now. */
  marked: z.boolean(),
  /** Who reported; null unless a report. */
  reporter: z
    .strictObject({
      /** Their id. */
      id: z.string(),
      /** Their nickname. */
      nickname: z.string(),
    })
    .nullable(),
  /** The report's reason; null unless a report. */
  reason: ReportReason.nullable(),
  /** The reporter's or the appellant's note; null without one. */
  note: z.string().nullable(),
  /** Where the report was made; null unless a report. */
  source: ReportSource.nullable(),
  /** The game to replay (`/g/ID`): the race's or the held game. */
  gameId: z.string().nullable(),
  /** The race reported from; null otherwise. */
  raceId: z.string().nullable(),
  /** A held game's evidence from play, in a sentence. */
  summary: z.string().nullable(),
  at: z.number(),
});
export type QueueEntry = z.infer<typeof QueueEntry>;

export const ModQueue = z.strictObject({
  /** The open cases, the oldest first. */
  entries: z.array(QueueEntry),
});
export type ModQueue = z.infer<typeof ModQueue>;

/**
 * `POST /api/mod/actions`: `mark` the player (off every board, refunds to their rated opponents),
 * `clear` them (a mark lifted, refunds taken back, held games back on the board), or `dismiss`
 * one queue entry (`caseId`). `reason` goes in the log.
 */
export const ModActionBody = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.enum(['mark', 'clear']),
    /** The player to mark or clear. */
    playerId: z.string().min(1).max(64),
    /** Why, for the log. */
    reason: Note.min(1),
  }),
  z.strictObject({
    action: z.literal('dismiss'),
    /** The queue entry to dismiss (`QueueEntry.id`). */
    caseId: z.string().min(1).max(64),
    /** Why, for the log. */
    reason: Note.min(1),
  }),
]);
export type ModActionBody = z.infer<typeof ModActionBody>;

/** One moderator's action, as the log lists it (`GET /api/mod/log`); `POST /api/mod/log/:id/undo` undoes it. */
export const ModLogEntry = z.strictObject({
  /** The entry's id: `POST /api/mod/log/:id/undo` undoes it. */
  id: z.string(),
  /** Who acted. */
  moderator: z.strictObject({
    /** Their id. */
    id: z.string(),
    /** Their nickname. */
    nickname: z.string(),
  }),
  /** What they did (`POST /api/mod/actions`). */
  action: z.enum(['mark', 'clear', 'dismiss']),
  /** The player it was about. */
  player: z.strictObject({
    /** Their id. */
    id: z.string(),
    /** Their nickname. */
    nickname: z.string(),
  }),
  /** The moderator's reason. */
  reason: z.string(),
  at: z.number(),
  /** When it was undone; null while it stands. */
  undoneAt: z.number().nullable(),
});
export type ModLogEntry = z.infer<typeof ModLogEntry>;

export const ModLog = z.strictObject({
  /** The actions, the latest first. */
  entries: z.array(ModLogEntry),
});
export type ModLog = z.infer<typeof ModLog>;

export const ModLogParams = z.strictObject({
  /** The log entry to undo. */
  id: z.string().min(1).max(64),
});
