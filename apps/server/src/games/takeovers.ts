import type { GameKind } from '@scorpion/protocol';
import type { GameRow } from '../repo/types.ts';
import type { LiveGame } from './live-game.ts';

/**
 * Cluster mode: a game in play of some kinds (an arena deal) is held by one process, and a player
 * whose socket lands on another may act on it there without a join. Before an action, a give-up
 * or a resume is served here, under the game's lock, its kind's taker takes it over (credited if
 * its holder died); what memory held of the game may then have been dropped, so the game is
 * looked up again after it.
 */
export class Takeovers {
  private readonly takers = new Map<GameKind, (row: GameRow) => Promise<void>>();
  /**
   * The kinds some taker takes over (`takers`' keys), read by the game service before it asks
   * `of`: data, so that an action of a kind nothing takes over (a race's) makes no call here.
   */
  readonly kinds: Pick<ReadonlyMap<GameKind, unknown>, 'has'> = this.takers;
  private readonly lookUp: (gameId: string) => LiveGame | undefined | Promise<LiveGame | undefined>;

  constructor(lookUp: (gameId: string) => LiveGame | undefined | Promise<LiveGame | undefined>) {
    this.lookUp = lookUp;
  }

  /** `take` takes a game of `kind` over before this process serves it. */
  set(kind: GameKind, take: (row: GameRow) => Promise<void>): void {
    this.takers.set(kind, take);
  }

  /** The game once taken over, as memory now holds it; undefined at once (no turn of the event loop) when nothing takes it. */
  of(game: LiveGame): Promise<LiveGame> | undefined {
    const take = this.takers.get(game.row.kind);
    if (!take || game.row.status !== 'playing') return undefined;
    return take(game.row).then(async () => (await this.lookUp(game.row.id)) ?? game);
  }
}
