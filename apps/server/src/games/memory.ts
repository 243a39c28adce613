import type { Clock } from '../clock.ts';
import type { GameRow, GamesRepo } from '../repo/types.ts';
import { LiveGame } from './live-game.ts';

/**
 * The games in memory, each loaded from the database once however many ask at the same time,
 * and dropped when finished with or idle (they load again, whole, when next asked for).
 */
export class GameMemory {
  private readonly games = new Map<string, LiveGame>();
  private readonly loading = new Map<string, Promise<LiveGame | undefined>>();

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
    this.games.set(row.id, game);
    return game;
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
    this.games.delete(gameId);
  }

  /** Abandoned games must not live in memory for ever: drop those untouched for `idleMs`. */
  evictIdle(idleMs: number): number {
    const before = this.now() - idleMs;
    let evicted = 0;
    for (const [id, game] of this.games) {
      if (game.touchedAt < before) {
        this.games.delete(id);
        evicted++;
      }
    }
    return evicted;
  }
}
