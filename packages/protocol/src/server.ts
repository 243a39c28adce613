import { z } from 'zod';
import { ArenaBoard, ArenaOver, ArenaStandings } from './arena.ts';
import { BestOf, ChallengeCode, FinishWindow, RoomCode, TimeLimit } from './client.ts';
import { ErrorCode } from './errors.ts';
import { GameKind, GameOptions, GameSnapshot, GameStatus, GameUpdate, Seed, VariantId, WireEvent } from './game.ts';
import { Player } from './player.ts';
import { withRequestId } from './request-id.ts';
import { PROTOCOL_VERSION } from './version.ts';
import { watchedBoardFields } from './watched-board.ts';

export { Player };

/** Sent once, right after the upgrade: who you are and what you can resume. */
export const Welcome = z.strictObject({
  type: z.literal('welcome'),
  protocol: z.literal(PROTOCOL_VERSION),
  /** You: the player this socket belongs to. */
  player: Player,
  serverTime: z.int(),
  /** Your unfinished games, newest first: send `game-resume` to pick one up again. */
  games: z.array(
    z.strictObject({
      /** The unfinished game. */
      gameId: z.string(),
      /** Its kind. */
      kind: GameKind,
      /** A race game's room; null for any other. */
      roomCode: z.string().nullable(),
    }),
  ),
  /** Rooms you belong to: send `room-join` to see them again. */
  rooms: z.array(RoomCode),
});

export const Pong = withRequestId({ type: z.literal('pong'), id: z.int(), serverTime: z.int() });

/** A whole game: the answer to `daily-join`, `practice-start`, `game-resume`, and a race start. */
export const GameMessage = withRequestId({
  type: z.literal('game'),
  /** The whole game. */
  game: GameSnapshot,
});

export const RacerProgress = z.strictObject({
  playerId: z.string(),
  nickname: z.string(),
  progress: z.int().min(0),
  faceDown: z.int().min(0),
  moves: z.int().min(0),
  /** `playing`, or how their game ended. */
  state: z.enum(['playing', 'won', 'gave-up', 'timed-out']),
  timeMs: z.int().nullable(),
  connected: z.boolean(),
});
export type RacerProgress = z.infer<typeof RacerProgress>;

/** Everyone's progress in a running race: what the panel shows. Never anyone's cards. */
export const RaceStanding = z.strictObject({
  /** The room, by its code (`/r/CODE`). */
  code: RoomCode,
  /** The race under way. */
  raceId: z.string(),
  /** Every racer's progress. */
  racers: z.array(RacerProgress),
});
export type RaceStanding = z.infer<typeof RaceStanding>;

/**
 * Live progress of every racer, to everyone in the room, at most every `PROGRESS_MS` (500 ms)
 * while anyone moves, and at once when someone finishes, drops or comes back. A racer whose
 * acks carry it (`Ack.race`) gets no frame while they keep moving.
 */
export const RaceProgress = RaceStanding.extend({ type: z.literal('race-progress') }).strict();

/**
 * An action was stored and applied (or, with `duplicate`, had already been). The ack is small:
 * what a move turned over is in `events`, the rest in `update`, and the client works the new
 * board out with the shared rules (`advanceSnapshot`); after an undo or a redo (`events` says
 * which) the board is the one the client was shown before, or undid (`SnapshotLine`), and a
 * client without it asks for the game. `game` holds the whole game only for a duplicate (the
 * client may be behind) and when the game has ended (its record may be public).
 * `race` is everyone's progress in the race, on a racer's action in a running race: what a
 * `race-progress` frame would carry, so that a racer who keeps moving needs no frame of it.
 */
export const Ack = withRequestId({
  type: z.literal('ack'),
  /** The game the action was for. */
  gameId: z.string(),
  seq: z.int(),
  duplicate: z.boolean(),
  events: z.array(WireEvent),
  update: GameUpdate,
  game: GameSnapshot.nullable(),
  race: RaceStanding.nullable(),
});
export type Ack = z.infer<typeof Ack>;

export const ErrorMessage = withRequestId({
  type: z.literal('error'),
  /** What went wrong: the code a client acts on. */
  code: ErrorCode,
  message: z.string(),
  /** The `type` of the client message this answers, when it could be read. */
  ref: z.string().nullable(),
  /** The game the refused action was for; null when none. */
  gameId: z.string().nullable(),
  /** For `illegal-move`: the rules' reason code (`wrong-suit`, `empty-needs-king`, …). */
  reason: z.string().nullable(),
  /** For `stale` (and `illegal-move`): the game as the server holds it. */
  game: GameSnapshot.nullable(),
  /** With `unavailable` only: seconds to wait before sending the frame again (nothing was stored). */
  retryAfter: z.int().min(0).optional(),
});

export const RoomMember = z.strictObject({
  /** The member's player id. */
  id: z.string(),
  nickname: z.string(),
  /** The room's host: they start races, and end one (`room-end`). */
  host: z.boolean(),
  connected: z.boolean(),
});

export const RaceResult = z.strictObject({
  /** Place, from 1: the winners by time, then the others by progress. */
  rank: z.int().min(1),
  playerId: z.string(),
  nickname: z.string(),
  /** Solved the deal. */
  won: z.boolean(),
  /** Ended their game by giving up. */
  gaveUp: z.boolean(),
  /** Time to the win, or to the end for the others. */
  timeMs: z.int().min(0),
  progress: z.int().min(0),
  faceDown: z.int().min(0),
  moves: z.int().min(0),
  /** The racer's game: `GET /api/games/:id` replays it. */
  gameId: z.string(),
});
export type RaceResult = z.infer<typeof RaceResult>;

/** A rating as shown: its mean on a 1500-based scale, and "?" while provisional (fewer than 10 rated races). */
export const ShownRating = z.strictObject({
  /** The mean, rounded, on the 1500-based scale. */
  rating: z.int(),
  /** Fewer than 10 rated races: shown with "?". */
  provisional: z.boolean(),
  /** Rated races played. */
  games: z.int().min(0),
});
export type ShownRating = z.infer<typeof ShownRating>;

/** A racer's rating before and after a rated race. */
export const RatingChange = z.strictObject({
  playerId: z.string(),
  /** The shown rating before the race. */
  before: z.int(),
  /** The rating after it, as shown. */
  after: ShownRating,
});
export type RatingChange = z.infer<typeof RatingChange>;

/**
 * The score of a best-of series. A game is won by the race's sole first (a racer who left counts
 * as last); a shared first place scores nobody and the series plays on. The series is over once
 * someone has `target` wins; the next start opens a new one.
 */
export const SeriesScore = z.strictObject({
  /** The room's `bestOf`. */
  bestOf: BestOf,
  target: z.int().min(1),
  /** Games finished in this series. */
  games: z.int().min(0),
  /** Each player's game wins in this series. */
  score: z.array(
    z.strictObject({
      playerId: z.string(),
      nickname: z.string(),
      /** Games of the series won. */
      wins: z.int().min(0),
    }),
  ),
  winnerId: z.string().nullable(),
});
export type SeriesScore = z.infer<typeof SeriesScore>;

export const RoomStatus = z.enum(['lobby', 'countdown', 'racing', 'finished']);

export const RoomState = z.strictObject({
  /** The room's code: its link is `/r/CODE`. */
  code: RoomCode,
  /** The host's player id: only they start and end races. */
  hostId: z.string(),
  variant: VariantId,
  options: GameOptions,
  /** Each race's time limit in minutes; 0 for none. */
  timeLimit: TimeLimit,
  winnableOnly: z.boolean(),
  /** The host made the room rated: its races change the racers' ratings. */
  rated: z.boolean(),
  /** Single races (1), or a best-of series. */
  bestOf: BestOf,
  /** Seconds the others get to finish once someone has solved it; 0 waits for everyone. */
  finishWindow: FinishWindow,
  /** The series under way (or just won) in a best-of room; null otherwise or before its first game. */
  series: SeriesScore.nullable(),
  /** Everyone in the room, racing or not. */
  members: z.array(RoomMember),
  /** Where the room is: `lobby`, `countdown`, `racing` or `finished`. */
  status: RoomStatus,
  /** The race counting down or under way; null otherwise (`lastResults` ranks the last one). */
  race: z
    .strictObject({
      /** The race's id. */
      raceId: z.string(),
      /** The race's number in the room, from 1. */
      number: z.int().min(1),
      /** Server clock (ms since epoch) at which moves are allowed. Compare with `serverTime`. */
      startsAt: z.int(),
      /**
       * When the race ends: its time limit, or sooner once someone has solved it (`solvedAt` plus
       * the room's `finishWindow`); null while neither applies.
       */
      endsAt: z.int().nullable(),
      /** When the first racer solved it (server clock), or null while nobody has. */
      solvedAt: z.int().nullable(),
    })
    .nullable(),
  /** The ranking of the last finished race, if any. */
  lastResults: z.array(RaceResult).nullable(),
  serverTime: z.int(),
});
export type RoomState = z.infer<typeof RoomState>;

/** Sent to every member on any change: someone joined, left, dropped, the race started or ended. */
export const RoomMessage = withRequestId({
  type: z.literal('room'),
  /** The whole room. */
  room: RoomState,
});

/**
 * The first frame on a visitor's socket (`/ws?room=CODE&watch=1`, no sign-up needed): the room
 * as its members see it. From then on the visitor gets what the room's members get of its
 * races (`room`, `race-progress`, `race-over`), and may send nothing but `ping` and `race-watch`
 * (a racer's board 5 s behind, `race-board`, as a member who is not racing gets it: never a card
 * face down in that racer's game).
 */
export const Watching = z.strictObject({
  type: z.literal('watching'),
  protocol: z.literal(PROTOCOL_VERSION),
  serverTime: z.int(),
  /** The room, as its members see it. */
  room: RoomState,
});
export type Watching = z.infer<typeof Watching>;

/**
 * The first frame on an early socket (`/ws?early=1`: a page with no player yet, such as a
 * newcomer reading the daily before Start): no cookie is read and nothing is shown on it. It may
 * send only `ping`, and `identify` once the page has a player; `socket` names it in that
 * player's `POST /api/players` (`socket`), whose answer carries the token for `identify`.
 */
export const Early = z.strictObject({
  type: z.literal('early'),
  protocol: z.literal(PROTOCOL_VERSION),
  serverTime: z.int(),
  /** This socket's id: not a secret, a token made for it is useless to any other socket. */
  socket: z.string(),
});
export type Early = z.infer<typeof Early>;

/** The race is over: the ranking, and the deal is public now. */
export const RaceOver = withRequestId({
  type: z.literal('race-over'),
  /** The room, by its code (`/r/CODE`). */
  code: RoomCode,
  /** The race that ended. */
  raceId: z.string(),
  seed: Seed,
  /** The ranking, first place first. */
  results: z.array(RaceResult),
  /** A rated race: every racer's rating before and after it; null when unrated. */
  ratings: z.array(RatingChange).nullable(),
  /** The host who ended the race (`room-end`), by id; null when it ended by itself. */
  endedBy: z.string().nullable(),
});

/**
 * Where a challenge's original game stood after as long as the challenger has played: its
 * progress, moves and face-down cards, never a card. Sent when the challenge game starts or
 * resumes and each time the ghost's position changes, on the server's clock, until the
 * challenger's game ends.
 */
export const GhostProgress = withRequestId({
  type: z.literal('ghost'),
  /** The challenger's game this ghost runs beside. */
  gameId: z.string(),
  /** The challenge link's code. */
  code: ChallengeCode,
  /** Who played the original game. */
  nickname: z.string(),
  progress: z.int().min(0),
  faceDown: z.int().min(0),
  moves: z.int().min(0),
  /** `playing` until the ghost reaches the original's end, then how it ended. */
  state: GameStatus,
  /** The original's time to its end, once the ghost has reached it. */
  timeMs: z.int().nullable(),
  /** How long the ghost has played: the challenger's time when it was sent. */
  elapsedMs: z.int(),
});
export type GhostProgress = z.infer<typeof GhostProgress>;

/**
 * A racer's board as it was `RaceBoard.asOf`, a few seconds ago, to a member of the room who
 * watches it (`race-watch`) and is not racing: never to a racer still playing the race.
 */
export const RaceBoard = withRequestId({
  type: z.literal('race-board'),
  /** The room, by its code (`/r/CODE`). */
  code: RoomCode,
  /** The race. */
  raceId: z.string(),
  /** The racer watched. */
  playerId: z.string(),
  /** The racer's nickname. */
  nickname: z.string(),
  ...watchedBoardFields,
});
export type RaceBoard = z.infer<typeof RaceBoard>;

/**
 * The player's place in the quick-race queue, sent on joining and whenever the counts change.
 * `status: 'left'` ends it: left by the player, replaced by a newer tab (`replaced`), or gone
 * with the socket.
 */
export const QueueStatus = withRequestId({
  type: z.literal('queue'),
  /** This tab's entry: a frame with another id belongs to the player's other tab. */
  entryId: z.string(),
  /** `waiting` while in the queue; `left` ends the entry. */
  status: z.enum(['waiting', 'left']),
  /** Why it ended (`left`: the player left, `replaced`: a newer tab joined, `ghost`: a ghost race was accepted); null while waiting. */
  reason: z.enum(['left', 'replaced', 'matched', 'ghost']).nullable(),
  /** The queue: the variant the join asked for. */
  variant: VariantId,
  /** The options the join asked for. */
  options: GameOptions,
  /** Server time the player joined the queue. */
  since: z.int(),
  /** Players waiting in this queue now, the player included. */
  waiting: z.int().min(0),
  /** Players with the site open now. */
  online: z.int().min(0),
  /** How far (in shown rating points) the player's rating may be from an opponent's now. */
  band: z.int().min(0),
  serverTime: z.int(),
});
export type QueueStatus = z.infer<typeof QueueStatus>;

/** A quick race was made: the player's room (`/r/CODE`), where its race counts down already. */
export const QueueMatched = withRequestId({
  type: z.literal('queue-matched'),
  entryId: z.string(),
  /** The race's room: `/r/CODE`. */
  code: RoomCode,
  /** Everyone matched, the player included, by nickname. */
  players: z.array(
    z.strictObject({
      /** The player's id. */
      id: z.string(),
      nickname: z.string(),
      /** Their race rating, as shown. */
      rating: ShownRating,
    }),
  ),
});
export type QueueMatched = z.infer<typeof QueueMatched>;

/**
 * After `GHOST_OFFER_MS` of waiting: a race against a recorded game (its progress on the
 * server's clock, never a card), unrated. `ghost` null: no recorded game of this variant exists
 * yet, and the player keeps waiting. Accepted, the answer is `queue-ghost-ready`.
 */
export const QueueGhostOffer = withRequestId({
  type: z.literal('queue-ghost-offer'),
  entryId: z.string(),
  /** The recorded game offered; null when there is none yet. */
  ghost: z
    .strictObject({
      /** Who played the recorded game. */
      nickname: z.string(),
      /** Their race rating, as shown; null without one. */
      rating: ShownRating.nullable(),
      /** Whether the recorded game was won, and its time. */
      won: z.boolean(),
      /** The recorded game's time, to its win or its end. */
      timeMs: z.int(),
    })
    .nullable(),
  /** The ghost's player is not of similar rating: none was, so the offer widened to anyone. */
  widened: z.boolean(),
});
export type QueueGhostOffer = z.infer<typeof QueueGhostOffer>;

/** The accepted ghost race: its challenge link's code (`/c/CODE`), where it is played. */
export const QueueGhostReady = withRequestId({
  type: z.literal('queue-ghost-ready'),
  entryId: z.string(),
  /** The ghost race's challenge link (`/c/CODE`): `challenge-start` plays it. */
  code: ChallengeCode,
});
export type QueueGhostReady = z.infer<typeof QueueGhostReady>;

export const ServerMessage = z.discriminatedUnion('type', [
  Welcome,
  Watching,
  Early,
  Pong,
  GameMessage,
  Ack,
  ErrorMessage,
  RoomMessage,
  RaceProgress,
  RaceOver,
  GhostProgress,
  RaceBoard,
  QueueStatus,
  QueueMatched,
  QueueGhostOffer,
  QueueGhostReady,
  ArenaStandings,
  ArenaBoard,
  ArenaOver,
]);
export type ServerMessage = z.infer<typeof ServerMessage>;
export type ServerMessageType = ServerMessage['type'];
