import { type ZodType, z } from 'zod';
import * as client from './client.ts';
import { FIRST_DAILY_DATE } from './daily-dates.ts';
import * as devices from './devices.ts';
import * as game from './game.ts';
import * as moderation from './moderation.ts';
import * as rest from './rest.ts';
import * as server from './server.ts';

interface Entry {
  readonly name: string;
  readonly about: string;
  readonly schema: ZodType;
}

const clientMessages: Entry[] = [
  { name: 'ping', about: 'Round-trip probe; answered by `pong` with the server clock.', schema: client.Ping },
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
      "A member of the room who is not racing, or whose own game in the race is over, watches a racer's board 5 s behind (`race-board`); `playerId: null` stops. Refused with `still-racing` (your game is still going), `not-racing`, `no-race` or `not-in-room`. Nothing is sent on success but the boards; watching ends with the race.",
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
];

const serverMessages: Entry[] = [
  { name: 'welcome', about: 'First frame on every connection.', schema: server.Welcome },
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
];

const BOARD_DATES = `A date from ${FIRST_DAILY_DATE} (the first daily) to tomorrow (UTC); another is 400 \`bad-message\`.`;

const endpoints: Entry[] = [
  { name: 'GET /api/me → 200', about: 'The player behind the cookie, or null.', schema: rest.MeResponse },
  {
    name: 'POST /api/players (body)',
    about:
      'Pick a nickname; sets the identity cookie. Without one, a guest under a neutral name (`Guest` and six digits, a name nobody can pick) who renames later: how the daily lets a newcomer play first.',
    schema: rest.SignUpBody,
  },
  { name: 'PATCH /api/me (body)', about: 'Rename.', schema: rest.NicknameBody },
  { name: 'POST /api/players, PATCH /api/me → 200/201', about: 'The player.', schema: rest.PlayerResponse },
  {
    name: 'GET /api/daily, GET /api/daily/:date → 200',
    about: "A daily deal and its difficulty; the deck and the solver's winning line once the day is over.",
    schema: rest.DailyInfo,
  },
  {
    name: 'GET /api/leaderboards/daily (query)',
    about: `Date defaults to today (UTC). ${BOARD_DATES}`,
    schema: rest.DailyBoardQuery,
  },
  {
    name: 'GET /api/leaderboards/daily → 200',
    about: 'Winners by time then moves, then the rest by progress, face-down left, moves.',
    schema: rest.DailyBoard,
  },
  {
    name: 'GET /api/leaderboards/daily/times (query)',
    about: `Date defaults to today (UTC). ${BOARD_DATES} Public at any time: times give nothing of the deal away.`,
    schema: rest.DailyTimesQuery,
  },
  {
    name: 'GET /api/leaderboards/daily/times → 200',
    about:
      "The day's finishing times over every verified win, binned by the server; `mine` marks the caller's bin (from the cookie).",
    schema: rest.DailyTimes,
  },
  {
    name: 'GET /api/leaderboards/all-time (query)',
    about: 'Most daily wins, longest streak, fastest wins.',
    schema: rest.AllTimeQuery,
  },
  { name: 'GET /api/leaderboards/all-time → 200', about: '', schema: rest.AllTimeBoard },
  {
    name: 'GET /api/leaderboards/ratings (query)',
    about: 'Ratings: established ones (10 rated races or more) first, then provisional ones, each by rating.',
    schema: rest.RatingBoardQuery,
  },
  { name: 'GET /api/leaderboards/ratings → 200', about: '', schema: rest.RatingBoard },
  {
    name: 'GET /api/players/:nickname/profile (path)',
    about: 'A nickname as typed (look-alikes fold to the same player); 404 `not-found` for nobody.',
    schema: rest.ProfileParams,
  },
  {
    name: 'GET /api/players/:nickname/profile → 200',
    about: "What `/p/NICKNAME` shows; `headToHead` is the caller's record against the player.",
    schema: rest.Profile,
  },
  { name: 'GET /api/head-to-head (query)', about: 'Two player ids.', schema: rest.HeadToHeadQuery },
  { name: 'GET /api/head-to-head → 200', about: 'Races both played; who ranked higher.', schema: rest.HeadToHead },
  {
    name: 'GET /api/me/daily → 200',
    about:
      "The caller's ranked result of today if it was flagged off the board, with why (401 `unauthorized` without a player).",
    schema: rest.DailyStanding,
  },
  {
    name: 'GET /api/me/rooms → 200',
    about: 'The rooms the caller belongs to, the latest joined first (401 `unauthorized` without a player).',
    schema: rest.MyRooms,
  },
  { name: 'GET /api/rooms/:code → 200', about: 'A room, for the `/r/CODE` page.', schema: rest.RoomSummary },
  { name: 'GET /api/rooms/:code/races (query)', about: '', schema: rest.RoomHistoryQuery },
  {
    name: 'GET /api/rooms/:code/races → 200',
    about: "A room's finished races, newest first.",
    schema: rest.RoomHistory,
  },
  {
    name: 'GET /api/games/:id → 200',
    about: 'A public game: record and action log (403 `not-public` before).',
    schema: rest.PublicGame,
  },
  {
    name: 'GET /api/devices → 200',
    about: "The player's signed-in devices, the latest seen first; `current` is the one asking.",
    schema: devices.DevicesResponse,
  },
  {
    name: 'DELETE /api/devices/:id → 200',
    about:
      'Signs that device out: its sockets close with 4010 ("signed out") on every process and its cookie signs nobody in. Signing out the asking device clears its cookie (and lists nothing). 404 `not-found` when not the player\'s.',
    schema: devices.DevicesResponse,
  },
  {
    name: 'POST /api/link-codes → 201',
    about: 'A one-time code that signs another device in as the player, for 10 minutes. Rate-limited per player.',
    schema: devices.LinkCodeResponse,
  },
  {
    name: 'POST /api/link (body)',
    about:
      'Signs this device in with a link code (any case, spaces and dashes ignored); the session it had ends. 400 `link-code-invalid` when wrong, used or expired; rate-limited per address, right or wrong.',
    schema: devices.LinkBody,
  },
  {
    name: 'POST /api/link, POST /api/passkeys/sign-in → 200',
    about: 'The player this device is now signed in as; sets the identity cookie.',
    schema: devices.SignedInResponse,
  },
  {
    name: 'GET /api/passkeys, DELETE /api/passkeys/:id → 200, POST /api/passkeys → 201',
    about: "The player's passkeys, the oldest first.",
    schema: devices.PasskeysResponse,
  },
  {
    name: 'POST /api/passkeys/options, POST /api/passkeys/sign-in/options → 200',
    about:
      'WebAuthn options for `startRegistration` (a signed-in player adding a passkey) or `startAuthentication` (any device signing in; discoverable, no name asked). The challenge works once, for 5 minutes, on any process.',
    schema: devices.WebAuthnOptions,
  },
  {
    name: 'POST /api/passkeys (body)',
    about: 'The registration response: stores the passkey. 400 `passkey-invalid` when it does not verify.',
    schema: devices.PasskeyRegistrationBody,
  },
  {
    name: 'POST /api/passkeys/sign-in (body)',
    about:
      "The authentication response: signs this device in as the passkey's player. 400 `passkey-invalid` when it does not verify. Both sign-in steps are rate-limited per address.",
    schema: devices.PasskeySignInBody,
  },
  {
    name: 'POST /api/challenges (body)',
    about:
      'Share one of your finished games as a challenge link (201; the same link each time). 409 `game-not-over` for a game in play, 409 `not-public` for a daily before its day is over, 403 `not-your-game`, 401 without a player.',
    schema: rest.ChallengeCreateBody,
  },
  {
    name: 'POST /api/challenges, GET /api/challenges/:code → 200/201',
    about: "A challenge link: who set it and their result, and the caller's games against it. 404 `no-such-challenge`.",
    schema: rest.ChallengeInfo,
  },
  {
    name: 'GET /api/challenges/:code/original → 200',
    about:
      'The original game move by move, for the comparison: to its player, or to whoever has finished a game against it (403 `challenge-not-finished` before).',
    schema: rest.ChallengeOriginal,
  },
  {
    name: 'POST /api/reports (body) → 201',
    about:
      'Reports a player to the moderators: a reason from the list, an optional sentence. 409 `report-open` while your earlier report on them is open; 400 `report-self`; 404 `not-found`.',
    schema: moderation.ReportBody,
  },
  {
    name: 'GET /api/me/moderation → 200',
    about:
      'What the player is told on their visit: marked (and whether they appealed), their reports that led to action (each told once), and whether they moderate.',
    schema: moderation.ModNotices,
  },
  {
    name: 'POST /api/me/appeal (body) → 201',
    about: 'A marked player appeals, once (409 `appeal-used`; 409 `not-marked`): the appeal joins the queue.',
    schema: moderation.AppealBody,
  },
  {
    name: 'GET /api/mod/queue → 200',
    about:
      'Moderators only (anyone else: 404 `not-found`): the open reports, held games and appeals, the oldest first.',
    schema: moderation.ModQueue,
  },
  {
    name: 'POST /api/mod/actions (body) → 200',
    about:
      'Moderators only: mark (409 `already-marked`), clear, or dismiss one entry (409 `case-closed`). Logged; `POST /api/mod/log/:id/undo` undoes one (409 `undo-refused` when undone already or followed by a later action on the player).',
    schema: moderation.ModActionBody,
  },
  {
    name: 'GET /api/mod/log?page → 200',
    about: 'Moderators only: every action, the latest first.',
    schema: moderation.ModLog,
  },
  { name: 'any error → 4xx/5xx', about: '', schema: rest.ApiError },
];

const shared: Entry[] = [
  { name: 'GameSnapshot', about: 'Everything needed to draw a game.', schema: game.GameSnapshot },
  { name: 'Move', about: 'A move as the rules take it.', schema: game.Move },
  { name: 'WireEvent', about: 'What an action did.', schema: game.WireEvent },
];

function section(title: string, entries: readonly Entry[]): string {
  const parts = entries.map((e) => {
    const json = JSON.stringify(z.toJSONSchema(e.schema, { io: 'input', unrepresentable: 'any' }), null, 2);
    return `### \`${e.name}\`\n\n${e.about ? `${e.about}\n\n` : ''}\`\`\`json\n${json}\n\`\`\`\n`;
  });
  return `## ${title}\n\n${parts.join('\n')}`;
}

const intro = `# Scorpion Race protocol

Generated from the zod schemas in \`packages/protocol/src\` by
\`pnpm --filter @scorpion/protocol docs\`; a test fails when this file is out of date.
Read the header of \`packages/protocol/src/index.ts\` for the flow.

- WebSocket at \`/ws\`, same origin, identity cookie from \`POST /api/players\`. Text frames of one
  JSON object each, at most 4 KiB, about 20 a second at most (bursts of 40) per player, however
  many sockets they share it over; a frame past the budget gets \`error\` \`rate-limited\`. A frame
  that does not match gets \`error\` \`bad-message\`; binary frames close with 1003, oversized with
  1009, floods and foreign \`Origin\` with 1008; no identity closes with 1008 after an
  \`unauthorized\` error. A player holds at most 8 sockets: one more gets \`error\`
  \`too-many-sockets\` and is closed with 4008 ("too many sockets").
- On a room page the socket is \`/ws?room=CODE\`. In a cluster, a process that does not own the room
  closes it with 4009, the owner's node id as the reason (also when a room frame reaches it, or the
  room is taken over from it); the client reconnects at once with \`/ws?room=CODE&node=ID\`.
- \`room-create\` and \`room-join\` also count against the REST limits on room creation and room
  look-ups (per player); past them the frame gets \`error\` \`rate-limited\` and changes nothing.
  A \`room-join\` to a room the player is already a member of (every reconnection sends one) is
  not a look-up and is not counted.
- Every REST error, Fastify's own included, is an \`ApiError\` \`{error, message}\`: a body that is
  not JSON or holds a \`__proto__\` key is 400 \`bad-message\`, too large 413 \`too-large\`, not
  JSON by its type 415 \`unsupported-media-type\`, a path part too long 414 \`uri-too-long\`, a
  server fault 500 \`internal\` (never with its detail), any request once the server has begun
  to shut down 503 \`unavailable\`. Signups, renames, room look-ups and the
  leaderboards are rate-limited: 429 \`rate-limited\` with \`retryAfter\` seconds and the same
  \`Retry-After\` header (the limits are in \`docs/operations.md\`).
- \`GET /api/daily/:date\` of a past day that was never dealt is 404 \`not-found\`.
- Cards are codes (\`TH\` = ten of hearts); a card the player may not see is \`null\`. No frame
  carries a face-down card, a stock card, the deck or the seed before the game is public.
- Times are the server's clock in ms since the epoch; durations exclude server downtime.
- Every action carries \`expect\` (the game's \`seq\`). \`ack\` is sent only after the action is stored.
- A move's \`ack\` is small: apply the move to your view with the shared rules, putting in the cards
  its \`turned\` and \`dealt\` events name (\`advanceSnapshot\` in \`packages/protocol\` does it).
`;

/** The whole of `docs/protocol.md`. */
/** The frames the docs describe, by direction: a test checks they are every frame of the unions. */
export const documentedFrames = {
  client: clientMessages.map((entry) => entry.name),
  server: serverMessages.map((entry) => entry.name),
};

export function renderProtocolDocs(): string {
  return [
    intro,
    section('Client → server frames', clientMessages),
    section('Server → client frames', serverMessages),
    section('Shared shapes', shared),
    section('REST endpoints', endpoints),
  ].join('\n');
}
