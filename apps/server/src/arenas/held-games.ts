import type { Clock } from '../clock.ts';
import type { GameService } from '../games/service.ts';
import { KeyedLock } from '../keyed-lock.ts';
import type { Repos } from '../repo/types.ts';
import { resultRowOf } from './arena-row.ts';
import type { LiveArena } from './live-arena.ts';

/**
 * Cluster mode: this process's id, stored on the deals it deals, and the takeover of a deal about
 * to be served here (`takeDeal`): true when it changed hands.
 */
export interface DealHolding {
  readonly nodeId: string;
  take(gameId: string): Promise<boolean>;
}

export interface HeldGamesDeps {
  readonly repos: Pick<Repos, 'games'>;
  readonly games: GameService;
  readonly now: Clock;
}

/**
 * The arenas' games this process runs, each under its arena (`LiveArena.ownerOf`). In a cluster
 * a deal may change hands between processes (`DealHolding`): what memory holds of it is then
 * behind, and it is run again as stored.
 */
export class HeldGames {
  private readonly d: HeldGamesDeps;
  private holding: DealHolding | undefined;
  /** One takeover or reload of a deal at a time: a join and a move arriving together take it once. */
  private readonly lock = new KeyedLock();

  constructor(d: HeldGamesDeps) {
    this.d = d;
  }

  /** Cluster mode, from the start on (`plugins/restore.ts`): the deals served here are held by this process. */
  holdAs(holding: DealHolding): void {
    this.holding = holding;
  }

  /** This process's id to store on the deals it deals (cluster mode only). */
  get nodeId(): string | undefined {
    return this.holding?.nodeId;
  }

  /** The arena runs the game here from now on (a game dealt on another process, or before a restart). */
  async hold(live: LiveArena, gameId: string): Promise<void> {
    if (live.owns(gameId)) return;
    const loaded = await this.d.games.load(gameId);
    if (loaded) this.d.games.hold(live.ownerOf(loaded.row), [gameId]);
  }

  /**
   * The player's deal is served here: in a cluster it is first taken from the process that held
   * it (credited if that one died), and run again as stored if it changed hands.
   */
  serve(live: LiveArena, gameId: string): Promise<void> {
    return this.lock.run(gameId, async () => {
      if (this.holding && (await this.holding.take(gameId))) await this.reload(live, gameId);
      else await this.hold(live, gameId);
    });
  }

  /** A deal another process's sweep took over for this one (credited): run again as stored. */
  taken(live: LiveArena, gameId: string): Promise<void> {
    return this.lock.run(gameId, () => this.reload(live, gameId));
  }

  /** Lets go of what memory holds of the deal and runs it again as stored, its limit as stored too. */
  private async reload(live: LiveArena, gameId: string): Promise<void> {
    const owner = live.disown(gameId);
    if (owner) this.d.games.release(owner, [gameId]);
    else this.d.games.forget(gameId);
    await this.hold(live, gameId);
    const game = await this.d.games.load(gameId);
    if (game) live.relimit(resultRowOf(game.row));
  }

  /**
   * Cluster mode: whether the deal's stored limit is later than the one this process timed it by:
   * another process took it over from a dead one and credited its clock. Then it is run again as
   * stored. Never without a cluster.
   */
  async limitMoved(live: LiveArena, gameId: string): Promise<boolean> {
    if (!this.holding) return false;
    const stored = await this.d.repos.games.get(gameId);
    if (stored?.status !== 'playing' || stored.closesAt === null || this.d.now() >= stored.closesAt) return false;
    await this.reload(live, gameId);
    return true;
  }
}
