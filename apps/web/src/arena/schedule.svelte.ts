import type { ArenaCreate, ArenaList, ArenaSummary } from '@scorpion/protocol';
import { ApiFailure, api } from '../net/api.ts';
import { m } from '../paraglide/messages.js';
import { refusalText } from './text.ts';

/** The REST calls the schedule makes; tests hand in their own. */
export type Fetcher = typeof api;

/**
 * The arenas' schedule as `GET /api/arenas` gives it (running now and to come, by start), with
 * the server's clock beside it, so that "starts in 4:12" counts on the server's time, not on a
 * visitor's wrong clock.
 */
export class ArenaSchedule {
  #list = $state.raw<ArenaList>();
  /** Server time minus this page's clock when the list came. */
  #offset = 0;
  #failure = $state('');
  readonly #fetch: Fetcher;

  constructor(fetcher: Fetcher = api) {
    this.#fetch = fetcher;
  }

  get arenas(): readonly ArenaSummary[] {
    return this.#list?.arenas ?? [];
  }
  get loaded() {
    return this.#list !== undefined;
  }
  get failure() {
    return this.#failure;
  }

  serverNow(): number {
    return Date.now() + this.#offset;
  }

  async load(): Promise<void> {
    try {
      const list = await this.#fetch<ArenaList>('/api/arenas');
      this.#offset = list.serverTime - Date.now();
      this.#list = list;
      this.#failure = '';
    } catch (e) {
      this.#failure = e instanceof ApiFailure ? refusalText(e.code, e.message) : String(e);
    }
  }

  /** Those running now, then the next to start: what the home page's block shows. */
  headline(now = this.serverNow()): { running: readonly ArenaSummary[]; next: ArenaSummary | undefined } {
    const live = this.arenas.filter((a) => a.endsAt > now);
    return { running: live.filter((a) => a.startsAt <= now), next: live.find((a) => a.startsAt > now) };
  }
}

/** What the private arena's form holds, as typed. */
export interface ArenaForm {
  name: string;
  /** Start now, or at `at` (a `datetime-local` value, the visitor's own time). */
  now: boolean;
  at: string;
  minutes: number;
  variant: ArenaCreate['variant'];
}

/**
 * Makes a private arena. The server checks every value and says which is wrong with its own
 * code (`arena-bad-name`, `arena-start-past`, …), worded here for people; the form only turns
 * its fields into the request.
 */
export class ArenaMaker {
  #creating = $state(false);
  #failure = $state('');
  readonly #fetch: Fetcher;

  constructor(fetcher: Fetcher = api) {
    this.#fetch = fetcher;
  }

  get creating() {
    return this.#creating;
  }
  get failure() {
    return this.#failure;
  }

  /** The arena made, or undefined with `failure` saying why not. */
  async create(form: ArenaForm, serverNow: number): Promise<ArenaSummary | undefined> {
    this.#failure = '';
    const startsAt = form.now ? serverNow : new Date(form.at).getTime();
    if (!Number.isFinite(startsAt)) {
      this.#failure = m.arena_pick_start();
      return undefined;
    }
    const body: ArenaCreate = { name: form.name, startsAt, minutes: form.minutes, variant: form.variant };
    this.#creating = true;
    try {
      return await this.#fetch<ArenaSummary>('/api/arenas', { method: 'POST', body });
    } catch (e) {
      this.#failure = e instanceof ApiFailure ? refusalText(e.code, e.message) : String(e);
      return undefined;
    } finally {
      this.#creating = false;
    }
  }
}

/** A `datetime-local` value for `at` in this browser's time zone: the form's default start. */
export function localInputValue(at: number): string {
  const d = new Date(at);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}
