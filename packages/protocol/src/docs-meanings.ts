/*
 * Meanings the schemas' doc comments do not give, for the guide and the JSON Schema alike. A
 * comment written in a schema module wins over these: move a meaning there when touching its schema.
 */

/** Shapes by name. */
export const SHAPE_MEANINGS: Record<string, string> = {
  RoomCode: "A room's code, six letters and digits without I, O, 0 or 1: the link `/r/CODE`.",
  RoomStatus:
    "`lobby` before the first race, `countdown` from `room-start` to the race's `startsAt`, `racing`, then `finished` until the next start.",
  VariantId:
    'Scorpion, Scorpion Tail, Wasp, Scorpion II, Three Blind Mice or Double Scorpion; the rules of each are in `packages/rules`.',
  GameOptions: 'The options every variant takes.',
  Player: 'A player as others see them.',
};

/** Fields of one shape, as `Shape.field` (`Shape.parent.field` inside a nested object). */
export const FIELD_MEANINGS: Record<string, string> = {
  'GameOptions.foundations': 'Finished runs may be put aside in foundations, and brought back.',
  'GameOptions.open': 'Every card is dealt face up.',
  'GameSnapshot.ranked': "The result counts: a race game, or the day's first daily attempt.",
  'WireView.columns': 'Each column from the bottom card up; a face-down card is `null`.',
  'WireView.hidden': 'How many cards at the bottom of each column are face down.',
  'WireView.stock': 'Cards left in the stock (never which).',
  'WireView.reserve': 'The open reserve cards (Three Blind Mice).',
  'WireView.foundations': 'Runs put aside, each from King to Ace.',
  'RacerProgress.timeMs': 'Time to the finish, once finished.',
  'GameRecord.moves': 'The moves from the deal to the end, in order.',
  'LinkCodeResponse.code': 'The code as shown: 8 letters and digits in two groups (`K7QM-2XPD`).',
  'LinkCodeResponse.expiresAt': 'When it stops working (server clock, ms since the epoch).',
  'PasskeyRegistrationBody.response':
    "What `startRegistration` returned, in the W3C JSON form; checked here in outline, by the server's WebAuthn library whole.",
  'PasskeySignInBody.response':
    "What `startAuthentication` returned, in the W3C JSON form; checked here in outline, by the server's WebAuthn library whole.",
  'Ping.id': 'Any number; the `pong` carries it back.',
  'Pong.id': "The `ping`'s `id`.",
  'Ack.seq': "The game's `seq` after the action: the next action's `expect`.",
  'Ack.duplicate': 'The action had been applied already: this is its ack again, with the whole game.',
  'Ack.events': 'What the action did: cards it turned over or dealt, runs completed, the end.',
  'Ack.update': "The snapshot's fields the action changed, the board aside.",
  'Ack.game': "The whole game, after a duplicate or at the game's end; null otherwise.",
  'Ack.race': "Everyone's progress, on a racer's action in a running race; null otherwise.",
  'ErrorMessage.message': 'A sentence for people.',
  'ApiError.message': 'A sentence for people.',
  'RaceOver.seed': "The race's deal, public now.",
  'SeriesScore.target': 'Game wins that take the series: 2 in a best of 3, 3 in a best of 5.',
  'SeriesScore.winnerId': 'Who has taken the series, once someone has.',
};

/** Fields that mean the same in every shape that has them, by name. */
export const COMMON_FIELD_MEANINGS: Record<string, string> = {
  serverTime: "The server's clock when this was sent (ms since the epoch).",
  progress: "Cards in face-up runs of one suit down from a King, 13 per run put aside (the rules' `progressOf`).",
  faceDown: 'Cards still face down.',
  rid: 'The request id: the client may set one on any message, and every answer carries it back.',
  moves: 'Actions taken, undo and redo included.',
  undos: 'Undos taken.',
  canUndo: 'An undo is possible now.',
  canRedo: 'A redo is possible now.',
  page: 'The page, from 1.',
  pageSize: 'Rows per page.',
  day: "The daily's number: day 1 was the first daily.",
  winnableOnly: 'Races are dealt only deals the solver has proven winnable.',
  entryId: "The queue entry this is about: another tab's entry has another id.",
  connected: 'Has a socket open now.',
  at: "When, on the server's clock (ms since the epoch).",
  protocol: '`PROTOCOL_VERSION`: a page built for another version reloads itself.',
  gameId: "A game's id: `GET /api/games/:id` replays the game once it is public.",
  playerId: "A player's id (`Player.id`).",
  nickname: "A player's nickname, as shown now.",
  raceId: "A race's id: one race of a room.",
  arenaId: "The arena's id.",
  variant: 'The variant of the deal.',
  options: "The variant's options.",
  seed: "The deal's seed: the same seed deals the same cards.",
  view: 'The board as the player sees it, face-down cards as `null`.',
  move: 'The move to play.',
  won: 'Solved the deal.',
  timeMs: "The game's time on the server's clock, in ms: to the win, or to the game's end.",
  rank: 'Place, from 1.',
  rows: 'The rows, first place first.',
  date: "The daily's UTC day, `YYYY-MM-DD`.",
  startsAt: "When it starts, on the server's clock (ms since the epoch).",
  endsAt: "When it ends, on the server's clock (ms since the epoch).",
  puzzleId: "The puzzle's id in the shipped data.",
  dailyWins: 'Ranked dailies won, as counted on the boards.',
  dailyPlayed: 'Ranked dailies played, as counted on the boards.',
  currentStreak: 'Daily wins on consecutive days, up to yesterday or today (0 once a day is missed or lost).',
  bestStreak: 'The longest run of daily wins on consecutive days.',
  rawId: 'The credential id again, as the browser gave its bytes.',
  clientDataJSON: 'The client data the browser made for the ceremony.',
  attestationObject: 'The new credential and its attestation.',
  authenticatorData: "The authenticator's data for this sign-in.",
  signature: "The authenticator's signature over its data and the client data.",
  clientExtensionResults: 'The results of any WebAuthn extensions.',
};
