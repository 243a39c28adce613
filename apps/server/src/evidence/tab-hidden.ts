import type { Clock } from '../clock.ts';
import { type Answer, refuse } from '../refusal.ts';
import type { Repos, TabChange } from '../repo/types.ts';

/** The games whose tab the page reports: the ranked kinds the weigher may read (a daily, a race, an arena deal). */
const REPORTED = new Set(['daily', 'race', 'arena']);

/**
 * The share of a game's time, from its start to its end, that its tab was hidden, by what the page
 * said (`changes`, in order). A tab still hidden at the end counts to the end; a page that never
 * said anything counts as shown (an old page, or a browser without the Page Visibility API). Time
 * before the clock started (a race's countdown) does not count. `null` for a game of no time.
 */
export function hiddenShare(changes: readonly TabChange[], startedAt: number, endedAt: number): number | null {
  const span = endedAt - startedAt;
  if (span <= 0) return null;
  let hiddenMs = 0;
  let hiddenSince: number | undefined;
  for (const { at, hidden } of changes) {
    const when = Math.min(Math.max(at, startedAt), endedAt);
    if (hidden && hiddenSince === undefined) hiddenSince = when;
    if (!hidden && hiddenSince !== undefined) {
      hiddenMs += when - hiddenSince;
      hiddenSince = undefined;
    }
  }
  if (hiddenSince !== undefined) hiddenMs += endedAt - hiddenSince;
  return hiddenMs / span;
}

/**
 * What the page reports of its tab while a ranked game of the player's is in play, kept with the
 * game on the server's clock. Evidence for a person to read beside the moves (a scout may read the
 * cards in another tab), never a reason to hold a result: a player may simply have looked away.
 */
export class TabReports {
  readonly #repos: Pick<Repos, 'games' | 'evidence'>;
  readonly #now: Clock;

  constructor(repos: Pick<Repos, 'games' | 'evidence'>, now: Clock) {
    this.#repos = repos;
    this.#now = now;
  }

  async report(playerId: string, gameId: string, hidden: boolean): Promise<Answer<null>> {
    const game = await this.#repos.games.get(gameId);
    if (!game || !REPORTED.has(game.kind)) return refuse('no-such-game', 'There is no such ranked game.');
    if (game.playerId !== playerId) return refuse('not-your-game', 'That game is not yours.');
    if (game.status !== 'playing') return refuse('game-over', 'That game is over.');
    await this.#repos.evidence.tabVisibility(gameId, this.#now(), hidden);
    return { ok: true, value: null };
  }
}
