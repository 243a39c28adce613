/**
 * An action's `seq` is already stored for its game: another process (or an earlier attempt)
 * stored that move first. The game in memory is behind the database; the caller reloads it and
 * answers `stale`.
 */
export class SeqTakenError extends Error {
  readonly gameId: string;
  readonly seq: number;

  constructor(gameId: string, seq: number) {
    super(`game ${gameId} already holds action ${seq}`);
    this.name = 'SeqTakenError';
    this.gameId = gameId;
    this.seq = seq;
  }
}

/**
 * A ranked daily game was to be stored for a player who already has one that day: another tab
 * (on this process or another) joined first. Only a player's first attempt is ranked; the caller
 * gives them that game.
 */
export class RankedDailyTaken extends Error {
  readonly playerId: string;
  readonly date: string;

  constructor(playerId: string, date: string) {
    super(`player ${playerId} already has a ranked game of ${date}`);
    this.name = 'RankedDailyTaken';
    this.playerId = playerId;
    this.date = date;
  }
}
