import type { ZodType } from 'zod';
import * as arena from './arena.ts';
import { FIRST_DAILY_DATE } from './daily-dates.ts';
import * as devices from './devices.ts';
import * as moderation from './moderation.ts';
import * as puzzleRace from './puzzle-race.ts';
import * as puzzleRush from './puzzle-rush.ts';
import * as puzzles from './puzzles.ts';
import * as rest from './rest.ts';

/** An endpoint's section of the guide: what it asks for and what it answers. */
export interface Endpoint {
  readonly route: string;
  readonly about: string;
  readonly params?: ZodType;
  readonly query?: ZodType;
  readonly body?: ZodType;
  /** The success status, and the body it carries (none: `{}`). */
  readonly status: number;
  readonly answer?: ZodType;
}

export interface EndpointGroup {
  readonly title: string;
  readonly endpoints: readonly Endpoint[];
}

const BOARD_DATES = `A date from ${FIRST_DAILY_DATE} (the first daily) to tomorrow (UTC); another is 400 \`bad-message\`.`;
const NO_PLAYER = '401 `unauthorized` without a player.';
const MODERATORS = 'Moderators only (anyone else: 404 `not-found`).';

export const endpointGroups: readonly EndpointGroup[] = [
  {
    title: 'Identity',
    endpoints: [
      { route: 'GET /api/me', about: 'The player behind the cookie, or null.', status: 200, answer: rest.MeResponse },
      {
        route: 'POST /api/players',
        about:
          'Pick a nickname; sets the identity cookie. Without one, a guest under a neutral name (`Guest` and six digits, a name nobody can pick) who renames later: how the daily lets a newcomer play first.',
        body: rest.SignUpBody,
        status: 201,
        answer: rest.PlayerResponse,
      },
      { route: 'PATCH /api/me', about: 'Rename.', body: rest.NicknameBody, status: 200, answer: rest.PlayerResponse },
    ],
  },
  {
    title: 'Daily and leaderboards',
    endpoints: [
      {
        route: 'GET /api/daily, GET /api/daily/:date',
        about: `A daily deal and its difficulty; the deck and the solver's winning line once the day is over. A past day that was never dealt is 404 \`not-found\`.`,
        status: 200,
        answer: rest.DailyInfo,
      },
      {
        route: 'GET /api/daily/:date/late',
        about:
          "A past day played late: practice games on its public deal, each player's best win, fastest first (at most 100). 403 `not-public` while the day is open, 404 `not-found` for a day never dealt.",
        status: 200,
        answer: rest.LateBoard,
      },
      {
        route: 'GET /api/me/daily',
        about: `The caller's ranked result of today if it was flagged off the board, with why. ${NO_PLAYER}`,
        status: 200,
        answer: rest.DailyStanding,
      },
      {
        route: 'GET /api/leaderboards/daily',
        about: `Winners by time then moves, then the rest by progress, face-down left, moves. The date defaults to today (UTC). ${BOARD_DATES}`,
        query: rest.DailyBoardQuery,
        status: 200,
        answer: rest.DailyBoard,
      },
      {
        route: 'GET /api/leaderboards/daily/times',
        about: `The day's finishing times over every verified win, binned by the server; \`mine\` marks the caller's bin (from the cookie). Public at any time: times give nothing of the deal away. ${BOARD_DATES}`,
        query: rest.DailyTimesQuery,
        status: 200,
        answer: rest.DailyTimes,
      },
      {
        route: 'GET /api/leaderboards/all-time',
        about: 'Most daily wins, longest streak, fastest wins.',
        query: rest.AllTimeQuery,
        status: 200,
        answer: rest.AllTimeBoard,
      },
      {
        route: 'GET /api/leaderboards/ratings',
        about: 'Ratings: established ones (10 rated races or more) first, then provisional ones, each by rating.',
        query: rest.RatingBoardQuery,
        status: 200,
        answer: rest.RatingBoard,
      },
      {
        route: 'GET /api/players/:nickname/profile',
        about:
          "What `/p/NICKNAME` shows; `headToHead` is the caller's record against the player. The nickname as typed (look-alikes fold to the same player); 404 `not-found` for nobody.",
        params: rest.ProfileParams,
        status: 200,
        answer: rest.Profile,
      },
      {
        route: 'GET /api/head-to-head',
        about: 'Races both players played, and who ranked higher.',
        query: rest.HeadToHeadQuery,
        status: 200,
        answer: rest.HeadToHead,
      },
    ],
  },
  {
    title: 'Rooms and games',
    endpoints: [
      {
        route: 'GET /api/rooms/:code',
        about: 'A room, for the `/r/CODE` page before joining.',
        status: 200,
        answer: rest.RoomSummary,
      },
      {
        route: 'GET /api/me/rooms',
        about: `The rooms the caller belongs to, the latest joined first. ${NO_PLAYER}`,
        status: 200,
        answer: rest.MyRooms,
      },
      {
        route: 'GET /api/rooms/:code/races',
        about: "A room's finished races, newest first.",
        query: rest.RoomHistoryQuery,
        status: 200,
        answer: rest.RoomHistory,
      },
      {
        route: 'GET /api/games/:id',
        about: 'A public game: its record and action log (403 `not-public` before it is public).',
        status: 200,
        answer: rest.PublicGame,
      },
      {
        route: 'GET /api/games/:id/analysis',
        about:
          "A public game's stored analysis, or null for the page to compute (403 `not-public` before the game is public).",
        status: 200,
        answer: rest.GameAnalysis,
      },
      {
        route: 'POST /api/games/:id/hint',
        about: `A hint in one of your practice games in play, from the server's solver (which holds the face-down cards). The game is marked and can no longer be challenged. 409 \`stale\` for a position not the game's, 409 \`no-hints\` for a game not practice, 409 \`game-over\`, 503 \`solver-unavailable\`, 403 \`not-your-game\`, ${NO_PLAYER}`,
        body: rest.HintBody,
        status: 200,
        answer: rest.HintAnswer,
      },
    ],
  },
  {
    title: 'Puzzles',
    endpoints: [
      {
        route: 'GET /api/puzzles/next',
        about: `The caller's open puzzle, or a new one near their puzzle rating that they have not played. Its position is all face up; its solution is not sent. 404 \`no-puzzles-left\`. ${NO_PLAYER}`,
        status: 200,
        answer: puzzles.PuzzleView,
      },
      {
        route: 'POST /api/puzzles/attempts/:id/move',
        about: `A move in the caller's open puzzle, checked on the server: the next position, solved, or wrong (then the solution and the ratings' change). 400 \`illegal-move\` or \`puzzle-no-change\` and 409 \`stale\` change nothing; 404 \`no-such-puzzle\`. ${NO_PLAYER}`,
        body: puzzles.PuzzleMoveBody,
        status: 200,
        answer: puzzles.PuzzleAnswer,
      },
      {
        route: 'POST /api/puzzles/attempts/:id/give-up',
        about: `Gives the caller's open puzzle up: rated as failed, answered with its solution. 404 \`no-such-puzzle\`. ${NO_PLAYER}`,
        status: 200,
        answer: puzzles.PuzzleAnswer,
      },
    ],
  },
  {
    title: 'Puzzle rush',
    endpoints: [
      {
        route: 'GET /api/puzzles/rush',
        about: `The caller's best rush score and their run in play, if any. ${NO_PLAYER}`,
        status: 200,
        answer: puzzleRush.RushHome,
      },
      {
        route: 'POST /api/puzzles/rush',
        about: `Starts a run: its puzzles fixed now, easy to hard; three minutes on the server's clock, ten seconds less for each wrong move, three wrong moves end it. A run the caller had in play ends where it was. Runs rate nothing. ${NO_PLAYER}`,
        status: 200,
        answer: puzzleRush.RushPlaying,
      },
      {
        route: 'GET /api/puzzles/rush/board',
        about:
          "Today's best rushes (the server's UTC day): each player's best run ended today that scored, best first, a tie to the run that ended first; the first 20. No player needed.",
        status: 200,
        answer: puzzleRush.RushBoard,
      },
      {
        route: 'GET /api/puzzles/rush/:id',
        about: `One of the caller's runs: in play (the time left), or over (its score, its mistakes with their right moves, the best). A run whose clock has run out is over. 404 \`no-such-puzzle\` for a run not the caller's. ${NO_PLAYER}`,
        status: 200,
        answer: puzzleRush.RushRun,
      },
      {
        route: 'POST /api/puzzles/rush/:id/move',
        about: `A move in the caller's run, judged on the server as a rated puzzle's is. No solution is sent while the run is in play. 400 \`illegal-move\` or \`puzzle-no-change\` and 409 \`stale\` (a puzzle or move the run has left) change nothing; 409 \`game-over\` once the run is over (its clock, or three mistakes); 404 \`no-such-puzzle\`. ${NO_PLAYER}`,
        body: puzzleRush.RushMoveBody,
        status: 200,
        answer: puzzleRush.RushAnswer,
      },
    ],
  },
  {
    title: 'Puzzle race',
    endpoints: [
      {
        route: 'POST /api/puzzles/race',
        about: `Makes a puzzle race with the caller as its creator and first member; its link is \`/puzzles/race/CODE\`. 404 \`no-puzzles-left\` on a server without puzzles. ${NO_PLAYER}`,
        status: 200,
        answer: puzzleRace.PuzzleRaceState,
      },
      {
        route: 'GET /api/puzzles/race/:code',
        about:
          "A puzzle race as the caller sees it now, on the server's clock: its members' progress by rank, the caller's puzzle while it runs (never a solution). Pages ask about once a second. 404 `no-such-room`. No player needed (a visitor sees the lobby).",
        status: 200,
        answer: puzzleRace.PuzzleRaceState,
      },
      {
        route: 'POST /api/puzzles/race/:code/join',
        about: `Joins the race (again is no change). 409 \`race-running\` once it has started, \`room-full\` at ten members; 404 \`no-such-room\`. ${NO_PLAYER}`,
        status: 200,
        answer: puzzleRace.PuzzleRaceState,
      },
      {
        route: 'POST /api/puzzles/race/:code/start',
        about: `The creator starts the race: its puzzles are fixed now, easy to hard, the same for every member; a three-second countdown, then ninety seconds on the server's clock. 409 \`not-host\`, \`race-running\`; 404 \`no-such-room\`. ${NO_PLAYER}`,
        status: 200,
        answer: puzzleRace.PuzzleRaceState,
      },
      {
        route: 'POST /api/puzzles/race/:code/move',
        about: `A move in the caller's current puzzle, judged on the server as a rush's is; a wrong move goes on to the next puzzle and costs no time. 400 \`illegal-move\`, \`puzzle-no-change\`; 409 \`stale\`, \`not-started\`, \`game-over\`, \`not-in-room\`; 404 \`no-such-room\`: none changes anything. ${NO_PLAYER}`,
        body: puzzleRace.PuzzleRaceMoveBody,
        status: 200,
        answer: puzzleRace.PuzzleRaceAnswer,
      },
      {
        route: 'POST /api/puzzles/race/:code/again',
        about: `The creator of a race that is over makes the next one (the others see it as \`next\` and join by it); asked again, the same one. 409 \`not-host\`, \`race-running\` before the end; 404 \`no-such-room\`. ${NO_PLAYER}`,
        status: 200,
        answer: puzzleRace.PuzzleRaceState,
      },
    ],
  },
  {
    title: 'Arenas',
    endpoints: [
      {
        route: 'GET /api/arenas',
        about:
          'The arenas running now and those to come (the schedule for the next day, and private arenas), by start.',
        status: 200,
        answer: arena.ArenaList,
      },
      {
        route: 'POST /api/arenas',
        about: `Make a private arena, joined by its link \`/a/ID\`. ${NO_PLAYER} 400 \`arena-bad-name\`, \`arena-start-past\`, \`arena-start-too-far\` or \`arena-bad-length\`.`,
        body: arena.ArenaCreate,
        status: 201,
        answer: arena.ArenaSummary,
      },
      {
        route: 'GET /api/arenas/:id',
        about:
          "An arena's page, for good: its summary, the podium once finished, and its deals once finished. 404 `no-such-arena`.",
        params: arena.ArenaParams,
        status: 200,
        answer: arena.ArenaPage,
      },
      {
        route: 'GET /api/arenas/:id/table',
        about:
          "The whole table, a page at a time; every player's games once the arena is finished. 404 `no-such-arena`.",
        params: arena.ArenaParams,
        query: arena.ArenaTableQuery,
        status: 200,
        answer: arena.ArenaTable,
      },
      {
        route: 'GET /api/players/:nickname/arenas',
        about:
          'The arenas a player joined, newest first, with their place, and the weekly mark they carry if any. 404 `not-found` for nobody.',
        params: rest.ProfileParams,
        status: 200,
        answer: arena.ArenaHistory,
      },
    ],
  },
  {
    title: 'Challenges',
    endpoints: [
      {
        route: 'POST /api/challenges',
        about: `Share one of your finished games as a challenge link (the same link each time). 409 \`game-not-over\` for a game in play, 409 \`hints-used\` for a practice game played with hints, 409 \`not-public\` for a daily before its day is over, 403 \`not-your-game\`, ${NO_PLAYER}`,
        body: rest.ChallengeCreateBody,
        status: 201,
        answer: rest.ChallengeInfo,
      },
      {
        route: 'GET /api/challenges/:code',
        about:
          "A challenge link: who set it and their result, and the caller's games against it. 404 `no-such-challenge`.",
        status: 200,
        answer: rest.ChallengeInfo,
      },
      {
        route: 'GET /api/challenges/:code/original',
        about:
          'The original game move by move, for the comparison: to its player, or to whoever has finished a game against it (403 `challenge-not-finished` before).',
        status: 200,
        answer: rest.ChallengeOriginal,
      },
    ],
  },
  {
    title: 'Devices and passkeys',
    endpoints: [
      {
        route: 'GET /api/devices',
        about: "The player's signed-in devices, the latest seen first; `current` is the one asking.",
        status: 200,
        answer: devices.DevicesResponse,
      },
      {
        route: 'DELETE /api/devices/:id',
        about:
          'Signs that device out: its sockets close with 4010 ("signed out") on every process and its cookie signs nobody in. Signing out the asking device clears its cookie (and lists nothing). 404 `not-found` when not the player\'s.',
        status: 200,
        answer: devices.DevicesResponse,
      },
      {
        route: 'POST /api/link-codes',
        about: 'A one-time code that signs another device in as the player, for 10 minutes. Rate-limited per player.',
        status: 201,
        answer: devices.LinkCodeResponse,
      },
      {
        route: 'POST /api/link',
        about:
          'Signs this device in with a link code (any case, spaces and dashes ignored); the session it had ends, and the answer sets the identity cookie. 400 `link-code-invalid` when wrong, used or expired; rate-limited per address, right or wrong.',
        body: devices.LinkBody,
        status: 200,
        answer: devices.SignedInResponse,
      },
      {
        route: 'GET /api/passkeys, POST /api/passkeys, DELETE /api/passkeys/:id',
        about:
          "The player's passkeys, the oldest first: as they are, after adding one (201, the body below) or after removing one. A `POST` whose registration does not verify is 400 `passkey-invalid`.",
        body: devices.PasskeyRegistrationBody,
        status: 200,
        answer: devices.PasskeysResponse,
      },
      {
        route: 'POST /api/passkeys/options, POST /api/passkeys/sign-in/options',
        about:
          'WebAuthn options for `startRegistration` (a signed-in player adding a passkey) or `startAuthentication` (any device signing in; discoverable, no name asked). The challenge works once, for 5 minutes, on any process.',
        status: 200,
        answer: devices.WebAuthnOptions,
      },
      {
        route: 'POST /api/passkeys/sign-in',
        about:
          "The authentication response: signs this device in as the passkey's player and sets the identity cookie. 400 `passkey-invalid` when it does not verify. Both sign-in steps are rate-limited per address.",
        body: devices.PasskeySignInBody,
        status: 200,
        answer: devices.SignedInResponse,
      },
    ],
  },
  {
    title: 'Reports and moderation',
    endpoints: [
      {
        route: 'POST /api/reports',
        about:
          'Reports a player to the moderators: a reason from the list, an optional sentence. 409 `report-open` while your earlier report on them is open; 400 `report-self`; 404 `not-found`.',
        body: moderation.ReportBody,
        status: 201,
        answer: moderation.ReportResponse,
      },
      {
        route: 'GET /api/me/moderation',
        about:
          'What the player is told on their visit: marked (and whether they appealed), their reports that led to action (each told once), and whether they moderate.',
        status: 200,
        answer: moderation.ModNotices,
      },
      {
        route: 'POST /api/me/appeal',
        about: 'A marked player appeals, once (409 `appeal-used`; 409 `not-marked`): the appeal joins the queue.',
        body: moderation.AppealBody,
        status: 201,
      },
      {
        route: 'GET /api/mod/queue',
        about: `${MODERATORS} The open reports, held games and appeals, the oldest first.`,
        status: 200,
        answer: moderation.ModQueue,
      },
      {
        route: 'POST /api/mod/actions',
        about: `${MODERATORS} Mark (409 \`already-marked\`), clear, or dismiss one entry (409 \`case-closed\`). Logged.`,
        body: moderation.ModActionBody,
        status: 200,
      },
      {
        route: 'GET /api/mod/log?page',
        about: `${MODERATORS} Every action, the latest first.`,
        status: 200,
        answer: moderation.ModLog,
      },
      {
        route: 'POST /api/mod/log/:id/undo',
        about: `${MODERATORS} Undoes one logged action (409 \`undo-refused\` when undone already or followed by a later action on the player).`,
        params: moderation.ModLogParams,
        status: 200,
      },
    ],
  },
];
