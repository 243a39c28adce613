import type { Clock } from '../clock.ts';
import type { GameRow, GamesRepo } from '../repo/types.ts';
import { type GameOwner, LiveGame } from './live-game.ts';

/**
 * The games in memory, each loaded from the database once however many ask at the same time,
 * and dropped when finished with or idle (they load again, whole, when next asked for). A game
 * run by an owner here (its race) carries it, loaded again or not, until the owner lets go.
 */
export class GameMemory {
  private readonly games = new Map<string, LiveGame>();
  private readonly loading = new Map<string, Promise<LiveGame | undefined>>();
  private readonly owners = new Map<string, GameOwner>();

  private readonly repo: Pick<GamesRepo, 'get' | 'actions'>;
  private readonly now: Clock;

  constructor(repo: Pick<GamesRepo, 'get' | 'actions'>, now: Clock) {
    this.repo = repo;
    this.now = now;
  }

  /** Keeps a game row that was just stored (e.g. with its race) as a live game. */
  adopt(row: GameRow): LiveGame {
    const game = new LiveGame(row, []);
    game.touchedAt = this.now();
    game.owner = this.owners.get(row.id);
    this.games.set(row.id, game);
    return game;
  }

  /**
   * `owner` runs these games from now on. One in memory that nothing here ran (loaded while its
   * race ran on another process, or before a takeover credited its clock) may be behind what is
   * stored: it is dropped, to load again as stored, with its owner.
   */
  hold(owner: GameOwner, gameIds: Iterable<string>): void {
    for (const id of gameIds) {
      this.owners.set(id, owner);
      const game = this.games.get(id);
      if (game?.owner === undefined) this.games.delete(id);
      else game.owner = owner;
    }
  }

  /**
   * `owner` no longer runs these games here (its race is over, or it left memory): they leave
   * memory too, for whatever runs them next reads them as stored.
   */
  release(owner: GameOwner, gameIds: Iterable<string>): void {
    for (const id of gameIds) {
      if (this.owners.get(id) !== owner) continue;
      this.owners.delete(id);
      this.games.delete(id);
    }
  }

  /** The game if it is in memory (touched, as by `load`), without a turn of the event loop. */
  cached(gameId: string): LiveGame | undefined {
    const game = this.games.get(gameId);
    if (game) game.touchedAt = this.now();
    return game;
  }

  async load(gameId: string): Promise<LiveGame | undefined> {
    const cached = this.games.get(gameId);
    if (cached) {
      cached.touchedAt = this.now();
      return cached;
    }
    let pending = this.loading.get(gameId);
    if (!pending) {
      pending = (async () => {
        const row = await this.repo.get(gameId);
        if (!row) return undefined;
        const game = new LiveGame(row, await this.repo.actions(gameId));
        game.touchedAt = this.now();
        game.owner = this.owners.get(gameId);
        this.games.set(gameId, game);
        return game;
      })();
      this.loading.set(gameId, pending);
      // Forgotten however the load ends; a failed one is its callers' to handle (`finally` alone
      // would hand them a second, unhandled copy of the rejection).
      const forget = () => this.loading.delete(gameId);
      pending.then(forget, forget);
    }
    return pending;
  }

  /** Drops a game from memory; it loads again from the database (all of it) when asked for. */
  forget(gameId: string): void {
    const game = this.games.get(gameId);
    this.games.delete(gameId);
    game?.owner?.forgotten(game);
  }

  /** Abandoned games must not live in memory for ever: drop those untouched for `idleMs`. */
  evictIdle(idleMs: number): number {
    const before = this.now() - idleMs;
    let evicted = 0;
    for (const [id, game] of this.games) {
      if (game.touchedAt < before) {
        this.games.delete(id);
        game.owner?.forgotten(game);
        evicted++;
      }
    }
    return evicted;
  }
}
