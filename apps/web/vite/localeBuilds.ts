import { rmSync } from 'node:fs';
import { build, type Plugin, type Rolldown, type UserConfig } from 'vite';
import { intlWarmUpScript } from './intlWarmUp.ts';
import { pagesFiles, preloadScript } from './routePreloads.ts';

/** Where each language other than the base one has its build: `assets/<locale>/`, beside the base's. */
export const assetsDirOf = (locale: string, baseLocale: string) =>
  locale === baseLocale ? 'assets' : `assets/${locale}`;

/**
 * The app is built once per language, each page's chunk with its words inlined (lazyLocales.ts):
 * a first visit carries its own language's words and no other's, in as many files as English
 * has. The base language's build (this plugin's) first builds every other language into
 * `assets/<locale>/` with `configOf(locale)`, then writes the page's one entry: a first script,
 * in the page itself, that picks the language as `src/lib/i18n/locale.ts` says (the player's
 * choice, else the browser's, else English) and loads that build's entry, and with it, on the
 * pages of `PRELOADED_PAGES`, that page's own files (routePreloads.ts).
 *
 * The chunks without a word (the rules, the solver) are built four times, the same code under
 * four names: the service worker keeps each, about 1.2 MB more in its cache (uncompressed).
 */
export function localeBuilds(options: {
  baseLocale: string;
  locales: string[];
  /** localStorage's key of the player's choice. */
  storageKey: string;
  outDir: string;
  configOf: (locale: string) => UserConfig;
}): Plugin {
  const entries = new Map<string, string>();
  const pages = new Map<string, Record<string, string[]>>();
  return {
    name: 'scorpion:locale-builds',
    apply: 'build',
    async buildStart() {
      // This build writes last and does not empty the directory (the others are in it): emptied here.
      rmSync(options.outDir, { recursive: true, force: true });
      entries.clear();
      pages.clear();
      for (const locale of options.locales) {
        if (locale === options.baseLocale) continue;
        const output = (await build({ ...options.configOf(locale), configFile: false })) as Rolldown.RolldownOutput;
        const entry = output.output.find((file) => file.type === 'chunk' && file.isEntry);
        if (!entry) throw new Error(`localeBuilds: the ${locale} build has no entry`);
        entries.set(locale, `/${entry.fileName}`);
        pages.set(locale, pagesFiles(output.output));
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const tag = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
        const src = tag.exec(html)?.[1];
        if (!src) throw new Error('localeBuilds: index.html has no entry script');
        // A preload would fetch the base language's chunks for every language.
        if (html.includes('rel="modulepreload"')) throw new Error('localeBuilds: index.html preloads a chunk');
        if (!bundle) throw new Error('localeBuilds: index.html is transformed without its bundle');
        const all = Object.fromEntries([[options.baseLocale, src], ...entries]);
        const files = Object.fromEntries([[options.baseLocale, pagesFiles(Object.values(bundle))], ...pages]);
        return html.replace(
          tag,
          `<script>${picker(all, files, options.baseLocale, options.storageKey)}</script>\n    `,
        );
      },
    },
  };
}

/**
 * The page's first script: the language's entry, chosen as `startLocale` in `vite` dev does
 * (a stored choice the app has, else the first of the browser's languages it has, by full tag
 * then by base tag, else the base language).
 */
function picker(
  entries: Record<string, string>,
  files: Record<string, Record<string, string[]>>,
  baseLocale: string,
  storageKey: string,
): string {
  return `(() => {
  const entries = ${JSON.stringify(entries)};
  const has = (tag) => (tag && Object.hasOwn(entries, tag) ? tag : undefined);
  let locale;
  try {
    locale = has(localStorage.getItem(${JSON.stringify(storageKey)}));
  } catch {}
  for (const tag of navigator.languages ?? []) locale ??= has(tag) ?? has(tag.split('-')[0]);
  const chosen = locale ?? ${JSON.stringify(baseLocale)};
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entries[chosen];
  document.head.append(script);
  ${preloadScript(files)}
  ${intlWarmUpScript()}
})();`;
}
