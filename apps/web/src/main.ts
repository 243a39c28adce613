import { mount } from 'svelte';
import App from './App.svelte';
import './app.css';
import { startLocale } from './lib/i18n/locale.ts';
import { whenQuiet } from './pwa/quiet.ts';

// Every message reads the language, so it is settled (and its messages fetched) before anything
// renders. A promise, not a top-level await: an entry that awaits at its top level makes the
// bundler split every module it shares with the lazy pages into a chunk of its own.
void startLocale().then(() => {
  mount(App, { target: document.getElementById('app')! });
  // Only the build has a service worker: in `vite` dev every module is served fresh. It waits
  // until the page is quiet, and so does its code: off the first visit's JavaScript.
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    // Unreachable now (offline before any worker kept the app): the next visit registers it.
    whenQuiet(
      () =>
        void import('./pwa/register.ts').then(
          (pwa) => pwa.registerServiceWorker(),
          () => {},
        ),
    );
  }
});
