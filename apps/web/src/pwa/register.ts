import { appUpdate } from './appUpdate.svelte.ts';

/** How often an open tab asks whether a new build was deployed (a navigation also asks). */
const CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * Registers the service worker that keeps the app (vite.config.ts, VitePWA). Called once the
 * page is quiet (src/main.ts, src/pwa/quiet.ts), and loaded only then, as a chunk of its own:
 * its precache downloads and stores the whole build, on a phone seconds of network and of a
 * second thread, which must not compete with the first visit's own downloads, the Start
 * screen's render or the press of Start. A tab left open for days still learns of a new
 * deploy: it asks every hour and whenever it comes back into view.
 *
 * With the browser's own API, not workbox-window: the first visit's JavaScript has a budget of
 * 51 kB (e2e/daily.e2e.ts), workbox-window took 2.3 kB of it, and all this page needs of it is
 * to know when a new build waits and to let it take over (the worker Workbox generates skips
 * waiting on a `SKIP_WAITING` message).
 */
export function registerServiceWorker() {
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(watch, () => {});
}

/** `registration` is missing where the browser was told to block service workers (as the tests' is). */
function watch(registration: ServiceWorkerRegistration | undefined) {
  if (!registration) return;
  // A worker installed while this page has a controller is a new build, not the first install.
  const waits = (worker: ServiceWorker | null) => {
    if (worker && navigator.serviceWorker.controller) appUpdate.offer(() => takeOver(worker));
  };
  waits(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') waits(installing);
    });
  });
  const check = () => {
    if (navigator.onLine) registration.update().catch(() => {});
  };
  setInterval(check, CHECK_EVERY_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

/** Lets the waiting build take over, and reloads into it once it controls the page. */
async function takeOver(worker: ServiceWorker): Promise<void> {
  navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
  worker.postMessage({ type: 'SKIP_WAITING' });
}
