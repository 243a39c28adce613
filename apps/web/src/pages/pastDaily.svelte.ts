import type { DailyBoard, DailyInfo, LateBoard } from '@scorpion/protocol';
import { practiceHref } from '../game/practiceConfig.ts';
import { ApiFailure, api } from '../net/api.ts';
import { m } from '../paraglide/messages.js';
import { failureWords } from '../ui/failureWords.ts';

/** How the page asks the server's REST side (tests hand in their own). */
export type Fetch = <T>(path: string) => Promise<T>;

/** The day's board as shown here: its first rows. */
const BOARD_ROWS = 10;

/**
 * A past day's page: its ranked board, and once the day is over its deal, public, to play late
 * as practice on its seed (unranked, timed by the server), with a board of its own of those who
 * played it late. Today's day has no late board: it is played on the daily's page.
 */
export class PastDailyPage {
  #info = $state.raw<DailyInfo>();
  #board = $state.raw<DailyBoard>();
  #late = $state.raw<LateBoard>();
  #failure = $state('');
  readonly #loaded: Promise<void>;

  constructor(date: string, fetch: Fetch = api) {
    const info = fetch<DailyInfo>(`/api/daily/${date}`).then((i) => (this.#info = i));
    const board = fetch<DailyBoard>(`/api/leaderboards/daily?date=${date}&pageSize=${BOARD_ROWS}`).then(
      (b) => (this.#board = b),
      () => undefined,
    );
    this.#loaded = info.then(
      async (i) => {
        await board;
        if (i.public) this.#late = await fetch<LateBoard>(`/api/daily/${date}/late`).catch(() => undefined);
      },
      async (e) => {
        // The one refusal this page expects has words of its own; any other, its error code's.
        if (e instanceof ApiFailure && e.code === 'not-found') this.#failure = m.past_never_dealt();
        else this.#failure = await failureWords(e, m.past_unreachable());
      },
    );
  }

  /** Settles once everything the page asks for has answered (for tests). */
  get loaded() {
    return this.#loaded;
  }
  get info() {
    return this.#info;
  }
  get board() {
    return this.#board;
  }
  get late() {
    return this.#late;
  }
  get failure() {
    return this.#failure;
  }

  /** The practice link to the day's deal, once it is public (its seed then is). */
  get playHref(): string | undefined {
    const info = this.#info;
    if (!info?.public || !info.seed) return undefined;
    return practiceHref({ variant: info.variant, options: info.options, seed: info.seed });
  }
}
