import { z } from 'zod';
import { ArenaJoin, ArenaLeave, ArenaNext, ArenaWatch } from './arena.ts';
import { GameOptions, Move, Seed, VariantId } from './game.ts';
import { withRequestId } from './request-id.ts';
import { ROOM_CODE_PATTERN } from './room-code.ts';

const GameId = z.string().min(1).max(64);
/** The `seq` the client believes the game is at; the server applies the action only if it matches. */
const Expect = z.int().min(0).max(1_000_000);
export const RoomCode = z.string().regex(ROOM_CODE_PATTERN);
export type RoomCode = z.infer<typeof RoomCode>;
/** A challenge link's code (`/c/CODE`): it names the challenge, never the game behind it. */
export const ChallengeCode = z.string().regex(/^[A-Za-z0-9_-]{10,32}$/);
export type ChallengeCode = z.infer<typeof ChallengeCode>;

/** Race time limits in minutes; 0 means none. */
export const TimeLimit = z.union([z.literal(0), z.literal(5), z.literal(10), z.literal(15)]);
export type TimeLimit = z.infer<typeof TimeLimit>;

/** A room plays single races (1) or best-of series: first to 2 game wins (3) or to 3 (5). */
export const BestOf = z.union([z.literal(1), z.literal(3), z.literal(5)]);
export type BestOf = z.infer<typeof BestOf>;

/**
 * Once a racer has solved the deal, the seconds the others get to finish before the race ends
 * for everyone; 0 waits for every racer (to the time limit, if there is one).
 */
export const FinishWindow = z.union([z.literal(0), z.literal(15), z.literal(30), z.literal(60)]);
export type FinishWindow = z.infer<typeof FinishWindow>;
/** What a room gives the others once someone has solved it, unless its host chose otherwise. */
export const DEFAULT_FINISH_WINDOW: FinishWindow = 30;

export const Ping = withRequestId({ type: z.literal('ping'), id: z.int().min(0) });
/**
 * Binds an early socket (`/ws?early=1`, opened before the page had a player) to the player just
 * made or signed up: `token` is the `socketToken` of that `POST /api/players` answer, made for
 * this socket alone (the `socket` its `early` greeting named) and good for a few seconds. Answered
 * with `welcome`, after which the socket is the player's as if it had opened with their cookie; a
 * token that is wrong, expired, made for another socket or sent twice is refused
 * (`bad-socket-token`) and changes nothing. Frames sent after it need not wait for `welcome`:
 * the server holds a few while it resolves the token and handles them once bound, in order, or
 * refuses each (`unidentified`) with it.
 */
export const Identify = withRequestId({
  type: z.literal('identify'),
  /** The `socketToken` of the `POST /api/players` answer that named this socket. */
  token: z.string().min(1).max(512),
});
export const DailyJoin = withRequestId({ type: z.literal('daily-join') });
export const PracticeStart = withRequestId({
  type: z.literal('practice-start'),
  variant: VariantId,
  options: GameOptions,
  /** A seed to share a deal with a friend; the game is unranked either way. */
  seed: Seed.optional(),
});
export const GameResume = withRequestId({
  type: z.literal('game-resume'),
  /** The unfinished game to pick up again (from `welcome.games`). */
  gameId: GameId,
});
export const MoveMessage = withRequestId({
  type: z.literal('move'),
  gameId: GameId,
  expect: Expect,
  /** The move to play. */
  move: Move,
});
export const Undo = withRequestId({ type: z.literal('undo'), gameId: GameId, expect: Expect });
export const Redo = withRequestId({ type: z.literal('redo'), gameId: GameId, expect: Expect });
export const GiveUp = withRequestId({ type: z.literal('give-up'), gameId: GameId });
/**
 * The page's tab was hidden or shown again (the Page Visibility API) while one of the player's
 * ranked games is in play (a daily, a race, an arena deal). The server times it by its own clock
 * and keeps it with the game: the share of the game's time the tab was hidden is shown to a
 * moderator beside the evidence from the moves, and never holds a result by itself.
 */
export const TabVisibility = withRequestId({
  type: z.literal('tab-visibility'),
  gameId: GameId,
  /** `true` when the tab was just hidden, `false` when it was just shown. */
  hidden: z.boolean(),
});
export const RoomCreate = withRequestId({
  type: z.literal('room-create'),
  variant: VariantId,
  options: GameOptions,
  /** Each race's time limit in minutes; 0 for none. */
  timeLimit: TimeLimit,
  winnableOnly: z.boolean(),
  /** Its races change the racers' ratings (shown to everyone in the room). Default false. */
  rated: z.boolean().optional(),
  /** Default 1. */
  bestOf: BestOf.optional(),
  /** Default `DEFAULT_FINISH_WINDOW`. */
  finishWindow: FinishWindow.optional(),
});
export const RoomJoin = withRequestId({
  type: z.literal('room-join'),
  /** The room, by its code (`/r/CODE`). */
  code: RoomCode,
});
export const RoomLeave = withRequestId({
  type: z.literal('room-leave'),
  /** The room, by its code (`/r/CODE`). */
  code: RoomCode,
});
/** The host starts a race: the first one, or a rematch (a new deal) once the last race is over. */
export const RoomStart = withRequestId({
  type: z.literal('room-start'),
  /** The room, by its code (`/r/CODE`). */
  code: RoomCode,
});
/**
 * The host ends a race without a time limit that waits on racers who no longer play: once their
 * own game in it is over, and nobody still playing has moved for a minute.
 */
export const RoomEnd = withRequestId({
  type: z.literal('room-end'),
  /** The room, by its code (`/r/CODE`). */
  code: RoomCode,
});
/** Plays the deal of a challenge link against its ghost: the game under way on it, or a new one. */
export const ChallengeStart = withRequestId({
  type: z.literal('challenge-start'),
  /** The challenge link's code (`/c/CODE`). */
  code: ChallengeCode,
});
/**
 * A member of the room who is not racing (any more) watches a racer's board, a few seconds
 * behind (`race-board`); `playerId: null` stops watching. Everyone's progress comes anyway.
 */
export const RaceWatch = withRequestId({
  type: z.literal('race-watch'),
  /** The room, by its code (`/r/CODE`). */
  code: RoomCode,
  /** The racer whose board to watch; null stops watching. */
  playerId: z.string().min(1).max(64).nullable(),
});

/**
 * "Race someone now": waits in the quick-race queue of a variant and option set until the
 * server pairs the player with others of similar rating (`queue-matched`). One entry per
 * player: a second tab's join replaces the first (its `entryId` is the new one).
 */
export const QueueJoin = withRequestId({ type: z.literal('queue-join'), variant: VariantId, options: GameOptions });
/** Leaves the queue (the button, Esc, or the page closed). */
export const QueueLeave = withRequestId({ type: z.literal('queue-leave') });
/**
 * The answer to a ghost offer (`queue-ghost-offer`): `accept` races the recorded game (unrated)
 * and leaves the queue; declining keeps the player waiting.
 */
export const QueueGhost = withRequestId({
  type: z.literal('queue-ghost'),
  /** `true` races the ghost; `false` declines and keeps waiting. */
  accept: z.boolean(),
});

export const ClientMessage = z.discriminatedUnion('type', [
  Ping,
  Identify,
  DailyJoin,
  PracticeStart,
  GameResume,
  MoveMessage,
  Undo,
  Redo,
  GiveUp,
  TabVisibility,
  RoomCreate,
  RoomJoin,
  RoomLeave,
  RoomStart,
  RoomEnd,
  ChallengeStart,
  RaceWatch,
  QueueJoin,
  QueueLeave,
  QueueGhost,
  ArenaJoin,
  ArenaNext,
  ArenaLeave,
  ArenaWatch,
]);
export type ClientMessage = z.infer<typeof ClientMessage>;
export type ClientMessageType = ClientMessage['type'];
