import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** The module that holds the active language's messages when it is not the base language. */
export const CATALOGUES = '/src/lib/i18n/catalogues.ts';

/**
 * Paraglide's dispatcher (the `locale-modules` layout's `messages/_index.js`) imports every
 * language's message module statically, so every message a page uses would ship in all four
 * languages, each behind a chain of `if (locale === "de")`. This replaces the dispatcher's code
 * (its types stay Paraglide's own, in `_index.d.ts`): the base language is still imported
 * statically and tree-shaken message by message, and each message first asks the active
 * catalogue, which `loadCatalogue` fills from that language's own chunk before the app mounts:
 *
 *     export const home_play = (i) => (__active.home_play ?? __base.home_play)(i)
 *
 * The message names are read from the base language's module; a Paraglide whose layout no
 * longer has one fails the build here rather than quietly shipping every language.
 */
export function lazyLocales(options: { outdir: string; baseLocale: string }): Plugin {
  return {
    name: 'scorpion:lazy-locales',
    enforce: 'pre',
    load(id) {
      if (!id.replaceAll('\\', '/').endsWith(`${options.outdir}/messages/_index.js`)) return;
      const base = join(dirname(id), `${options.baseLocale}.js`);
      const keys = [...readFileSync(base, 'utf8').matchAll(/^export const (\w+) =/gm)].map(([, key]) => key);
      if (keys.length === 0) throw new Error(`lazyLocales: no messages exported by ${base}: the output layout changed`);
      return [
        `import * as __base from "./${options.baseLocale}.js";`,
        `import { active as __active } from ${JSON.stringify(CATALOGUES)};`,
        ...keys.map((key) => `export const ${key} = (i) => (__active.${key} ?? __base.${key})(i);`),
      ].join('\n');
    },
  };
}
