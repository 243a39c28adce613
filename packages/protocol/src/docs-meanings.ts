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
  'Welcome.protocol': '`PROTOCOL_VERSION`: a page built for another version reloads itself.',
  'GameSnapshot.ranked': 'The game counts for a leaderboard (the first daily attempt of the day).',
  'WireView.columns': 'Each column from the bottom card up; a face-down card is `null`.',
  'WireView.hidden': 'How many cards at the bottom of each column are face down.',
  'WireView.stock': 'Cards left in the stock (never which).',
  'WireView.reserve': 'The open reserve cards (Three Blind Mice).',
  'WireView.foundations': 'Runs put aside, each from King to Ace.',
  'RacerProgress.timeMs': 'Time to the finish, once finished.',
};

/** Fields that mean the same in every shape that has them, by name. */
export const COMMON_FIELD_MEANINGS: Record<string, string> = {
  serverTime: "The server's clock when this was sent (ms since the epoch).",
  progress:
    'Cards in order: face-up runs down in suit from a King at the bottom of a column, plus 13 for each run in the foundations (0–52; 0–104 with two decks).',
  faceDown: 'Cards still face down.',
  rid: 'A request id: chosen by the client on a message, echoed on every frame that answers it.',
  at: "When, on the server's clock (ms since the epoch).",
};
