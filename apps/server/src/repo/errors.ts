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
