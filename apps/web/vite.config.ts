import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defaultClientConditions, defineConfig, type PluginOption, type UserConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { assetsDirOf, localeBuilds } from './vite/localeBuilds.ts';
import { messageChunkNames, preloadWithoutMessages } from './vite/messageChunks.ts';
import { baseLocale, catalogue, compilerOptions, locales } from './vite/paraglide.ts';

// The server serves dist/ and owns /api and /ws; in dev, Vite proxies both to it.
const server = process.env.SCORPION_SERVER ?? 'http://localhost:8080';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));

/**
 * The app as built in `locale` (vite/localeBuilds.ts): the base language's build is the page's,
 * with the service worker, and builds the others first; another language's build writes only
 * its chunks, under `assets/<locale>/`.
 */
function config(locale: string): UserConfig {
  const base = locale === baseLocale;
  const assetsDir = assetsDirOf(locale, baseLocale);
  return {
    root,
    plugins: [
      ...catalogue({ split: true, locale }),
      svelte(),
      ...(base
        ? [
            pwa(),
            localeBuilds({
              baseLocale,
              locales,
              storageKey: compilerOptions.localStorageKey,
              outDir,
              configOf: config,
            }),
          ]
        : []),
      compressed(),
    ],
    // The public files (icons, og.png) are the base build's alone.
    publicDir: base ? 'public' : false,
    define: { 'import.meta.env.SCORPION_LOCALE': JSON.stringify(locale) },
    // The workspace packages are bundled from their TypeScript (their "source" export condition), so
    // the web build needs no server-side build first.
    resolve: { conditions: ['source', ...defaultClientConditions] },
    build: {
      outDir,
      assetsDir,
      // The base build's localeBuilds empties it before the other languages are built into it.
      emptyOutDir: false,
      target: 'es2022',
      modulePreload: preloadWithoutMessages,
      sourcemap: true,
      rolldownOptions: {
        // The protocol's modules only declare schemas: the web app takes types and one converter
        // from it, so unused schemas (and zod with them) must not ship to the browser.
        treeshake: { moduleSideEffects: (id: string) => !/[\\/]packages[\\/]protocol[\\/]/.test(id) },
        output: {
          // The rules and the protocol's board view, which every board needs, are one chunk, not
          // two: each response costs about 300 bytes of headers on the first visit.
          codeSplitting: {
            groups: [{ name: 'rules', test: /[\\/]packages[\\/](rules[\\/]src|protocol[\\/]src[\\/]view\.ts)/ }],
          },
          chunkFileNames: messageChunkNames(assetsDir),
        },
      },
    },
  };
}

/**
 * Installable, and a service worker (Workbox) that keeps the whole build, every language's: a
 * repeat visit opens from it at once, and practice (the board, the rules, the solver's worker)
 * plays offline. A new build waits until the page says it is a safe moment to take over (src/pwa/).
 * The page registers it only once it is quiet (src/pwa/quiet.ts), never while a first visit waits.
 */
function pwa(): PluginOption {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    includeAssets: ['icons/icon.svg', 'icons/apple-touch-icon.png'],
    manifest: {
      name: 'Scorpion Race',
      short_name: 'Scorpion',
      description: 'Race your friends at Scorpion solitaire on the same deal. A new daily challenge every day.',
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0f3d2e',
      background_color: '#0f3d2e',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      // The link preview's picture (305 kB, 12% of the precache) is for chat apps' crawlers: no
      // page of the app shows it.
      globIgnores: ['og.png'],
      // Every page of the app is index.html (the server answers any other path with it); the
      // API, the socket and the assets are never the shell.
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api\//, /^\/ws/, /^\/assets\//],
      cleanupOutdatedCaches: true,
    },
  });
}

/**
 * A Brotli and a gzip copy beside every text file, at the highest levels: compressing once at
 * build time costs seconds, and the server (@fastify/static, preCompressed) then sends the
 * smallest copy the browser accepts without compressing anything per request.
 */
function compressed(): PluginOption {
  return compression({
    algorithms: [
      defineAlgorithm('brotliCompress', {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }),
      defineAlgorithm('gzip', { level: constants.Z_BEST_COMPRESSION }),
    ],
  });
}

export default defineConfig(({ command }) => {
  const built = config(baseLocale);
  return {
    ...built,
    // In `vite` dev one server speaks every language: the page settles it (src/lib/i18n/locale.ts).
    define: command === 'build' ? built.define : {},
    server: {
      proxy: {
        '/api': server,
        '/ws': { target: server.replace(/^http/, 'ws'), ws: true },
      },
    },
  };
});
