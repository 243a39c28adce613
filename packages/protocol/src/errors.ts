import { z } from 'zod';

/**
 * Every error a frame or an endpoint can answer with. An error never changes anything on the
 * server, and never carries a hidden card.
 */
export const ErrorCode = z.enum([
  /** The frame is not JSON, or not one of the client messages (see `ClientMessage`). */
  'bad-message',
  /** The rules refused the move; `reason` is the rules' code (see `REASON_TEXT` in the rules). */
  'illegal-move',
  /** `expect` is not the game's `seq`: the current game comes with the error. */
  'stale',
  'not-your-game',
  'no-such-game',
  /** The game has ended (won, gave up, timed out, or the daily's day is over), or a puzzle rush's run has (its clock, or three mistakes). */
  'game-over',
  /** A race move before the countdown has ended. */
  'not-started',
  'nothing-to-undo',
  'nothing-to-redo',
  /** Too many requests or frames; a REST answer says in `retryAfter` (and `Retry-After`) when to try again. */
  'rate-limited',
  'no-such-room',
  'room-full',
  'not-host',
  'not-in-room',
  'race-running',
  'too-few-players',
  'unauthorized',
  'nickname-invalid',
  'nickname-taken',
  'not-public',
  /** A challenge link to a game that is still being played: only a finished game can be challenged. */
  'game-not-over',
  /** A challenge link to a game given up before its first move: there is no time to beat. */
  'nothing-to-beat',
  'no-such-challenge',
  /** A challenge link to a game played with hints: its time was not the player's alone. */
  'hints-used',
  /** A hint asked in a game that is not practice: ranked games, races and challenges have none. */
  'no-hints',
  /** The challenge's original game is shown move by move only to whoever has finished a game against it. */
  'challenge-not-finished',
  /** `race-watch`, `room-end`: the room has no race running now. */
  'no-race',
  /** `race-watch`: that player is not racing in the room's race. */
  'not-racing',
  /**
   * `race-watch`: a racer sees another racer's board only once their own game in the race is
   * over. `room-end`: the host ends the race only once their own game in it is over.
   */
  'still-racing',
  /** `room-end`: a race with a time limit ends by it, not by the host. */
  'timed-race',
  /** `room-end`: someone still playing has moved lately; the message says when the race can be ended. */
  'racers-moving',
  'not-found',
  /** `queue-ghost` from a player who is not in the quick-race queue, or has no ghost offered. */
  'not-queued',
  /** A link code that is wrong, used already or past its 10 minutes. */
  'link-code-invalid',
  /** A passkey the server could not verify (unknown, or its challenge used or expired): nothing changed. */
  'passkey-invalid',
  /**
   * The solver that proves deals winnable is down or restarting: no daily deal or "winnable
   * deals only" race could be dealt just now (REST: 503). Nothing was dealt; try again later.
   */
  'solver-unavailable',
  /** The player already has as many sockets open as the server allows; the new one is closed with 4008. */
  'too-many-sockets',
  /**
   * A visitor's socket over the limit of watchers from one network address, or of one room:
   * closed with 4011 (do not reconnect at once). Signed-up players watch from their own sockets.
   */
  'too-many-watchers',
  /** A frame other than `ping` or `race-watch` on a visitor's socket: a visitor watches; joining the room needs a name. */
  'watch-only',
  /**
   * A frame other than `ping` or `identify` on an early socket (`/ws?early=1`) not bound to a
   * player yet, or one that followed an `identify` that was then refused: it changes nothing.
   * Closed with 4011 (as a visitor's) when one address has too many such sockets open.
   */
  'unidentified',
  /**
   * `identify` with a token that is not one the server made, has expired (seconds after it was
   * made), was made for another socket, was used already, or whose device was signed out since
   * it was made: nothing changed, and the socket stays unbound (the page opens a socket of its
   * own with the player's cookie instead).
   */
  'bad-socket-token',
  /** A request body over the server's limit (413). */
  'too-large',
  /** A path part over the server's limit (414). */
  'uri-too-long',
  /** A body that is not JSON by its `Content-Type` (415). */
  'unsupported-media-type',
  /** A report on a player the reporter has already reported, while that report is open. */
  'report-open',
  /** A report on oneself. */
  'report-self',
  /** An appeal from a player who is not marked, or a moderator's clear of one who is not. */
  'not-marked',
  /** A second appeal of the same mark: each mark can be appealed once. */
  'appeal-used',
  /** A moderator's mark of a player marked already. */
  'already-marked',
  /** A moderator's action on a queue entry already closed. */
  'case-closed',
  /** An undo of a log entry undone already, or followed by a later action about the same player. */
  'undo-refused',
  /** An arena id that names no arena: not on the schedule, or no private arena made with it. */
  'no-such-arena',
  /** `arena-join`, `arena-next` once the arena has ended: its table is final. */
  'arena-finished',
  /** `arena-next` before the arena has started: deal 1 is dealt at its start. */
  'arena-not-started',
  /** `arena-next` asking for berserk on a deal already dealt without it: berserk is chosen before the deal. */
  'arena-berserk-too-late',
  /** `arena-join` from someone who has watched the arena's boards without playing: they have seen its deals. */
  'arena-watched',
  /** A private arena's name: 1 to 40 characters once trimmed, none of them control or invisible. */
  'arena-bad-name',
  /** A private arena's start that has passed (a minute ago still counts as now). */
  'arena-start-past',
  /** A private arena's start more than a week ahead. */
  'arena-start-too-far',
  /** A private arena's length outside 10 to 120 whole minutes. */
  'arena-bad-length',
  /** An undo in an arena deal played berserk: berserk gave undo up for its extra point. */
  'arena-berserk-no-undo',
  /** A puzzle attempt that is not the caller's open one, or a puzzle rush run not the caller's (404): unknown, another player's, or (an attempt) already over. */
  'no-such-puzzle',
  /** `GET /api/puzzles/next`: the caller has played every puzzle there is (404). */
  'no-puzzles-left',
  /** A puzzle move that changes nothing (a whole column into an empty one): no answer, nothing changed (400). */
  'puzzle-no-change',
  /** `GET /api/exports/:month`: the month is not written `YYYY-MM` (400). */
  'bad-month',
  /** `GET /api/exports/:month`: no file has been made for that month (404): it has not closed, or held no game. */
  'no-such-export',
  /**
   * The server is shutting down or restarting, or cannot reach its storage just now (503):
   * nothing was changed or stored; try again after `retryAfter` seconds. A game's action refused
   * so names its game (`gameId`), and is to be sent again as it was.
   */
  'unavailable',
  /** The server failed; nothing was changed, and no detail of the failure is given away. */
  'internal',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;
