import type { ZodType } from 'zod';
import * as arena from './arena.ts';
import * as client from './client.ts';
import * as server from './server.ts';

/** A frame's section of the guide: what it is for, beyond what its fields say. */
export interface Frame {
  readonly name: string;
  readonly about: string;
  readonly schema: ZodType;
}

export const clientFrames: readonly Frame[] = [
  { name: 'ping', about: 'Round-trip probe; answered by `pong` with the server clock.', schema: client.Ping },
  {
    name: 'identify',
    about:
      "Only on an early socket (`/ws?early=1`): binds it to the player whose `POST /api/players` named it (`socket`) and returned `socketToken`. Answered by `welcome`; from then on the socket is that player's (their frame budget, their presence, their socket cap) as if it had opened with their cookie. A token that is wrong, older than a few seconds, made for another socket or used already, or whose device was signed out since: `bad-socket-token`, nothing changed; over the player's socket cap: `too-many-sockets`, then closed with 4008. The page need not wait for `welcome` to send its first requests (the daily's `daily-join`): frames sent after `identify` while it is being resolved wait for it, at most 8 of 8 KiB in all (beyond that each is refused `rate-limited`), and are then handled in order as the player's; if the `identify` is refused, each is refused `unidentified` (a `ping` gets its `pong`) and nothing was done.",
    schema: client.Identify,
  },
  {
    name: 'daily-join',
    about:
      "Today's daily deal: the attempt under way, or a new one (its clock starts now). The first attempt is ranked, whoever plays it (a guest made at Start too); it records the address and device it came from: another identity that opened the deal on the same device first flags the ranked result (an address alone never does). The web sends it only on the player's Start, or to resume an attempt the welcome lists.",
    schema: client.DailyJoin,
  },
  {
    name: 'practice-start',
    about: 'A practice game, any variant; a given seed makes a shareable deal.',
    schema: client.PracticeStart,
  },
  { name: 'game-resume', about: 'Your own unfinished (or finished) game, by id.', schema: client.GameResume },
  {
    name: 'move',
    about: 'One move; `expect` is the `seq` of the snapshot it was made on.',
    schema: client.MoveMessage,
  },
  { name: 'undo', about: 'Undo the last move (counted as a move).', schema: client.Undo },
  { name: 'redo', about: 'Redo an undone move (counted as a move).', schema: client.Redo },
  { name: 'give-up', about: 'End the game now; stops its clock.', schema: client.GiveUp },
  {
    name: 'tab-visibility',
    about:
      "The tab was hidden (`hidden: true`) or shown again while your ranked game (daily, race, arena) is in play. Timed by the server's clock and kept with the game: the share of its time the tab was hidden is shown to a moderator beside the evidence from the moves, never a sanction by itself. Answered by nothing; refused with `no-such-game`, `not-your-game` or `game-over`.",
    schema: client.TabVisibility,
  },
  {
    name: 'room-create',
    about:
      "A race room; you are its host. `rated`: its races change the racers' ratings (everyone in the room sees it). `bestOf` 3 or 5: a series, first to 2 or 3 game wins; each rematch deals its next game.",
    schema: client.RoomCreate,
  },
  {
    name: 'room-join',
    about:
      'Join (or come back to) a room: 2–8 players. In a full room, a member who is away and not racing gives up their seat.',
    schema: client.RoomJoin,
  },
  { name: 'room-leave', about: 'Leave a room (an unfinished race game is given up).', schema: client.RoomLeave },
  {
    name: 'room-start',
    about:
      'Host only: start a race (or the rematch) after a 3-second countdown, dealt to the members connected now (at least 2); the others watch it and are dealt into the next one. A racer away (no socket) for 5 minutes counts as given up.',
    schema: client.RoomStart,
  },
  {
    name: 'room-end',
    about:
      "Host only, in a race without a time limit: end it now for those still playing, once the host's own game in it is over (or they are not racing) and nobody still playing has moved (an undo or a redo counts) for a minute. Their games end as at a time limit, ranked by how far they got; everyone gets `race-over`. Refused with `timed-race`, `still-racing`, `racers-moving` (saying when it can be ended), `not-host`, `no-race` or `not-in-room`; nothing is sent on success but the race's end.",
    schema: client.RoomEnd,
  },
  {
    name: 'challenge-start',
    about:
      "Play a challenge link's deal (`/c/CODE`) beside its ghost: your game on it still in play, or a new one (kind `challenge`, unranked). Answered by `game` and `ghost`; `no-such-challenge` for an unknown code. `game-resume` of a challenge game brings its `ghost` back too.",
    schema: client.ChallengeStart,
  },
  {
    name: 'race-watch',
    about:
      "A member of the room who is not racing, or whose own game in the race is over, or a visitor (`watching`), watches a racer's board 5 s behind (`race-board`); `playerId: null` stops. Refused with `still-racing` (your game is still going), `not-racing`, `no-race` or `not-in-room`. Nothing is sent on success but the boards; watching ends with the race.",
    schema: client.RaceWatch,
  },
  {
    name: 'queue-join',
    about:
      "\"Race someone now\": wait in the quick-race queue of a variant and option set (answered by `queue`, then `queue` again whenever the counts change). Players of similar rating are paired into a rated room (`queue-matched`), 2 to 4 at once, the rating band widening the longer one waits; never one address or device against itself. One entry per player: another tab's join replaces this one (`queue` with `status: 'left'`, `reason: 'replaced'`). Refused with `race-running` while the player has an unfinished race, and `rate-limited` when joined too often. After 30 s alone: `queue-ghost-offer`.",
    schema: client.QueueJoin,
  },
  {
    name: 'queue-leave',
    about: "Leave the queue (answered by `queue` with `status: 'left'`).",
    schema: client.QueueLeave,
  },
  {
    name: 'queue-ghost',
    about:
      'Answer a `queue-ghost-offer`: `accept: true` leaves the queue and answers `queue-ghost-ready` (an unrated race against the recorded game); `false` keeps waiting. `not-queued` without an entry or an offer.',
    schema: client.QueueGhost,
  },
  {
    name: 'arena-join',
    about:
      'Join an arena (docs/arenas.md) or come back to it, any time before its end: answered by `arena-standings` (with the `rid`), then standings pushes at most once a second after each change, and `arena-over` at the end; a deal in play comes back as `game`. Refused with `no-such-arena`, `arena-finished` or `arena-watched`.',
    schema: arena.ArenaJoin,
  },
  {
    name: 'arena-next',
    about:
      'Deal the next deal (`deal`: the last one plus one), berserk or not, its clock starting now; the same `deal` again sends the deal in play back. Answered by `game` (kind `arena`). Refused with `arena-not-started`, `arena-finished`, `stale` or `arena-berserk-too-late`. An undo in a berserk deal is refused with `arena-berserk-no-undo`.',
    schema: arena.ArenaNext,
  },
  {
    name: 'arena-leave',
    about: 'Stop the standings pushes; the place and a deal in play (and its clock) stay. Answered by nothing.',
    schema: arena.ArenaLeave,
  },
  {
    name: 'arena-watch',
    about:
      "Watch a player's board 5 s behind (`arena-board`), answered by `arena-standings` (a spectator follows them from then on); `playerId: null` stops, answered by nothing. A player of the arena is sent boards only of a deal they have finished themselves; someone who has not joined sees any, and can no longer join (`arena-watched`). Refused with `no-such-arena`, or `not-racing` when that player has no deal yet.",
    schema: arena.ArenaWatch,
  },
];

export const serverFrames: readonly Frame[] = [
  { name: 'welcome', about: 'First frame on every connection.', schema: server.Welcome },
  {
    name: 'watching',
    about:
      "First frame on a visitor's socket (`/ws?room=CODE&watch=1`, no cookie needed; in a cluster it may be closed with 4009 like a member's, naming the room's owner): the room as its members see it. Then `room`, `race-progress` and `race-over` as a member gets them; it may send `race-watch` for a racer's board 5 s behind (`race-board`, as a member who is not racing gets it, never a card face down in that racer's game); any other frame but `ping` is answered `watch-only`. Over the limit of watchers from one address (or of one room): `too-many-watchers`, then closed with 4011; no such room: `no-such-room`, then 4011.",
    schema: server.Watching,
  },
  {
    name: 'early',
    about:
      'First frame on an early socket (`/ws?early=1`, opened by a page with no player yet, such as a newcomer on the daily before Start, so that Start need not wait for a socket): no cookie is read, nothing is shown on it. Any frame but `ping` and `identify` is answered `unidentified` and changes nothing (unless it follows an `identify` still being resolved: see `identify`). Over the limit of such sockets from one address: `too-many-watchers`, then closed with 4011.',
    schema: server.Early,
  },
  { name: 'pong', about: 'Answer to `ping`.', schema: server.Pong },
  {
    name: 'game',
    about:
      "A whole game snapshot. Also to a player's other sockets (another tab) after an action stored or a give-up on one of them: every tab follows the game, not only the one that played.",
    schema: server.GameMessage,
  },
  {
    name: 'ack',
    about:
      "An action was stored and applied. After a move: the cards it turned over (`events`) and what else changed (`update`); the client works out the board (`advanceSnapshot`). After an undo or a redo: the board is one the client was shown before (`SnapshotLine`; a client without it sends `game-resume`). After a duplicate or the end of the game: the whole game too (`game`). A racer's action in a running race: everyone's progress (`race`), in place of a `race-progress` frame.",
    schema: server.Ack,
  },
  { name: 'error', about: 'A typed refusal; nothing changed.', schema: server.ErrorMessage },
  { name: 'room', about: 'A room changed.', schema: server.RoomMessage },
  {
    name: 'race-progress',
    about:
      'Live progress of every racer, at most twice a second while anyone moves, at once when someone finishes, drops or comes back; not to a racer whose own acks have brought it within the last second (their other sockets get, with each ack, the progress it carried).',
    schema: server.RaceProgress,
  },
  {
    name: 'race-over',
    about:
      "Final ranking; the deal is public. A rated race: every racer's rating before and after it (stored with the race's end, once). `endedBy`: the host who ended it (`room-end`) while some still played, whose games ended as at a time limit.",
    schema: server.RaceOver,
  },
  {
    name: 'ghost',
    about:
      "Where a challenge's original game stood after as long as you have played (your game's clock, on the server): progress, moves, face-down count and, once it has ended, its state and time. Never a card. With `challenge-start` and a challenge game's `game-resume`, then each time the ghost moves, until your game ends.",
    schema: server.GhostProgress,
  },
  {
    name: 'race-board',
    about:
      "A watched racer's board as it stood at `asOf`, sent once that is 5 s old on the server's clock (`serverTime - asOf >= 5000`), to a watcher only: never to a racer still playing the race.",
    schema: server.RaceBoard,
  },
  {
    name: 'queue',
    about:
      "The player's place in the quick-race queue: how many wait for it and are online, and the rating band now. `status: 'left'` ends it, with why (`left`, `replaced`, `matched`, `ghost`).",
    schema: server.QueueStatus,
  },
  {
    name: 'queue-matched',
    about: "A quick race was made: the room's code (`/r/CODE`), where its race counts down already, and who is in it.",
    schema: server.QueueMatched,
  },
  {
    name: 'queue-ghost-offer',
    about:
      "After 30 s alone in the queue: a recorded game of a player of similar rating to race instead, unrated (or of anyone's, `widened`); `ghost: null` when the variant has no recorded game yet. The ghost's cards are never sent.",
    schema: server.QueueGhostOffer,
  },
  {
    name: 'queue-ghost-ready',
    about: 'The accepted ghost race: its challenge code (`/c/CODE`), played as any challenge is.',
    schema: server.QueueGhostReady,
  },
  {
    name: 'arena-standings',
    about:
      "The arena's table: the top rows and your own, at most once a second per socket and only after a change; the first answers `arena-join` (or `arena-watch`).",
    schema: arena.ArenaStandings,
  },
  {
    name: 'arena-board',
    about: "A watched arena player's board as it stood at `asOf`, a few seconds behind; never a face-down card.",
    schema: arena.ArenaBoard,
  },
  {
    name: 'arena-over',
    about: 'The arena has ended: the podium and your final row. Its deals and games are public from now on.',
    schema: arena.ArenaOver,
  },
];
