/**
 * A new build of the web app, installed by the service worker and waiting to take over from the
 * one this page runs. It never takes over by itself in the middle of a game: the page reloads into
 * it when the player moves to another page, or when they ask (src/ui/UpdateReady.svelte).
 */
class AppUpdate {
  #takeOver: (() => Promise<void>) | undefined = $state();

  /** True once a new build waits. */
  get ready() {
    return this.#takeOver !== undefined;
  }

  /** The service worker says a new build is installed; `takeOver` activates it and reloads. */
  offer(takeOver: () => Promise<void>) {
    this.#takeOver = takeOver;
  }

  /** Reloads into the new build, if one waits: call it only at a safe moment. */
  take(): Promise<void> {
    return this.#takeOver?.() ?? Promise.resolve();
  }
}

export const appUpdate = new AppUpdate();
