/**
 * When the page is quiet enough for background work that costs the network and the CPU (the
 * service worker's precache, src/pwa/register.ts): after `load`, while no page holds it off,
 * then `QUIET_MS` with no hold, then an idle moment of the main thread. A page holds it off
 * over what a person waits for on a first visit: the daily's Start screen and, once Start is
 * pressed, its board until it is on screen (pages/Daily.svelte).
 */

/** How long the page stays without a hold before the work starts: the first render's tail. */
export const QUIET_MS = 2000;
/** The longest wait for an idle moment once quiet: a page that is never idle still gets it. */
export const IDLE_TIMEOUT_MS = 5000;

/** The page's side of the gate: whether it has loaded, and its idle moments. */
export interface PageEvents {
  /** Calls `done` once the page has loaded (at once if it has). */
  loaded(done: () => void): void;
  /** Calls `run` at an idle moment, `timeoutMs` at the latest. */
  idle(run: () => void, timeoutMs: number): void;
}

export class QuietGate {
  #holds = 0;
  #loaded = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #waiting: (() => void)[] = [];
  readonly #page: PageEvents;

  constructor(page: PageEvents) {
    this.#page = page;
    page.loaded(() => {
      this.#loaded = true;
      this.#settle();
    });
  }

  /** Runs `work` once, when the page is quiet. */
  whenQuiet(work: () => void): void {
    this.#waiting.push(work);
    this.#settle();
  }

  /**
   * Holds background work off until the returned function is called (once counts: a page's
   * effect returns it, so that leaving the page lets go too).
   */
  hold(): () => void {
    this.#holds++;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#holds--;
      this.#settle();
    };
  }

  /** Starts the quiet countdown when nothing holds it; a new hold cancels it. */
  #settle() {
    if (!this.#loaded || this.#holds > 0 || this.#waiting.length === 0 || this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#page.idle(() => {
        // A hold taken while waiting for the idle moment wins: its release settles again.
        if (this.#holds > 0) return;
        for (const work of this.#waiting.splice(0)) work();
      }, IDLE_TIMEOUT_MS);
    }, QUIET_MS);
  }
}

let gate: QuietGate | undefined;

/** The page's gate, made on first use (only in a browser). */
function pageGate(): QuietGate {
  gate ??= new QuietGate({
    loaded(done) {
      if (document.readyState === 'complete') done();
      else window.addEventListener('load', done, { once: true });
    },
    idle(run, timeoutMs) {
      if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: timeoutMs });
      else setTimeout(run, 0);
    },
  });
  return gate;
}

/** Runs `work` once the page is quiet (see `QuietGate`). */
export function whenQuiet(work: () => void): void {
  pageGate().whenQuiet(work);
}

/** Holds the page's background work off until the returned function is called. */
export function holdBackgroundWork(): () => void {
  return pageGate().hold();
}
