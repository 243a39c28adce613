import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** The module that holds the active language's messages when it is not the base language. */
export const CATALOGUES = '/src/lib/i18n/catalogues.ts';

export const PREFIX = 'virtual:scorpion-message/';

/** Each message's function source, by key, as Paraglide writes them in a language's module. */
function readMessages(file: string): Map<string, string> {
  const messages = new Map(
    [...readFileSync(file, 'utf8').matchAll(/^export const (\w+) = ([\s\S]*?)\n\};$/gm)].map(([, key, body]) => [
      key!,
      `${body}\n}`,
    ]),
  );
  if (messages.size === 0) throw new Error(`lazyLocales: no messages read from ${file}: its layout changed`);
  return messages;
}

/**
 * Only the player's language travels. Paraglide's dispatcher (the `locale-modules` layout's
 * `messages/_index.js`) imports every language's module statically, so a page would carry its
 * messages in all four languages; and a module is bundled whole into one chunk, so every message
 * used anywhere would land in the first page's chunk.
 *
 * This plugin replaces the dispatcher's code (its types stay Paraglide's, in `_index.d.ts`) by
 * one small module per message, which the bundler then places in the chunk of the pages that
 * use it. In a build, that module is `locale`'s function itself: the app is built once per
 * language (vite/localeBuilds.ts), each page's chunk with its own words inlined.
 *
 *     export const home_play = () => `Heutige Tagesaufgabe spielen`
 *
 * In `vite` dev, where one server serves every language, it asks the active catalogue first
 * (`active` in catalogues.ts, which holds the player's whole language when it is not the base
 * one) and falls back to the base language's function:
 *
 *     export const home_play = (i) => (active.home_play ?? base)(i)
 *
 * A Paraglide whose modules no longer read as expected, or whose languages hold different keys,
 * fails the build here rather than quietly shipping every language or a missing word.
 */
export function lazyLocales(options: {
  outdir: string;
  baseLocale: string;
  locales: string[];
  locale: string;
}): Plugin {
  /** Every language's messages, read beside the dispatcher. */
  let sources = new Map<string, Map<string, string>>();
  let registry = '';
  let built = false;
  return {
    name: 'scorpion:lazy-locales',
    enforce: 'pre',
    configResolved(config) {
      built = config.command === 'build';
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    transform(_code, id) {
      // The entry `messages.js` re-exports the barrel as `m`: no side effects either.
      if (id.replaceAll('\\', '/').endsWith(`${options.outdir}/messages.js`))
        return { code: _code, moduleSideEffects: false };
    },
    load(id) {
      if (id.startsWith(`\0${PREFIX}`)) {
        const key = id.slice(PREFIX.length + 1);
        const source = sources.get(built ? options.locale : options.baseLocale)?.get(key);
        if (source === undefined) throw new Error(`lazyLocales: no message ${key}`);
        const code = [
          // Plurals need only Paraglide's one-line `plural`: inlined, it costs no request of its own.
          /registry\.(?!plural\()/.test(source)
            ? `import * as registry from ${JSON.stringify(registry)};`
            : 'const registry = { plural: (l, n, o) => new Intl.PluralRules(l, o).select(Number(n)) };',
          ...(built
            ? [`export const ${key} = ${source};`]
            : [
                `import { active } from ${JSON.stringify(CATALOGUES)};`,
                `const base = ${source};`,
                `export const ${key} = (i) => (active.${key} ?? base)(i);`,
              ]),
        ].join('\n');
        return { code, moduleSideEffects: false };
      }
      if (!id.replaceAll('\\', '/').endsWith(`${options.outdir}/messages/_index.js`)) return;
      registry = join(dirname(id), '../registry.js');
      sources = new Map(options.locales.map((locale) => [locale, readMessages(join(dirname(id), `${locale}.js`))]));
      const base = sources.get(options.baseLocale)!;
      for (const [locale, messages] of sources) {
        const missing = [...base.keys()].find((key) => !messages.has(key));
        if (missing) throw new Error(`lazyLocales: ${locale} has no message ${missing}`);
      }
      // Free of side effects, like each message: the bundler then follows `m.key` through this
      // barrel to its message's module, and places that module with its users, not with the barrel.
      return {
        code: [...base.keys()].map((key) => `export { ${key} } from "${PREFIX}${key}";`).join('\n'),
        moduleSideEffects: false,
      };
    },
  };
}
