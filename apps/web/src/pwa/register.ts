import { registerSW } from 'virtual:pwa-register';
import { appUpdate } from './appUpdate.svelte.ts';

/** How often an open tab asks whether a new build was deployed (a navigation also asks). */
const CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * Registers the service worker that keeps the app (vite.config.ts, VitePWA) once the page has
 * loaded, so the first visit's own downloads come first. A tab left open for days still learns
 * of a new deploy: it asks every hour and whenever it comes back into view.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const takeOver = registerSW({
    onNeedRefresh: () => appUpdate.offer(() => takeOver(true)),
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      const check = () => {
        if (navigator.onLine) registration.update().catch(() => {});
      };
      setInterval(check, CHECK_EVERY_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    },
  });
}
