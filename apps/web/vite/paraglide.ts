import { readFileSync } from 'node:fs';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { lazyLocales } from './lazyLocales.ts';

const inlang = JSON.parse(readFileSync(new URL('../project.inlang/settings.json', import.meta.url), 'utf8')) as {
  baseLocale: string;
  locales: string[];
};

const OUTDIR = 'src/paraglide';

/** How Paraglide compiles the catalogue, for the Vite plugin and for `compile.ts` alike. */
export const compilerOptions = {
  project: './project.inlang',
  outdir: `./${OUTDIR}`,
  outputStructure: 'locale-modules',
  // Read by lib/i18n/locale.ts in this order; setLocale writes the player's choice to localStorage.
  strategy: ['localStorage', 'preferredLanguage', 'baseLocale'],
  localStorageKey: 'scorpion.locale',
  emitTsDeclarations: true,
} as const;

export const { baseLocale, locales } = inlang;

/**
 * The message catalogue (messages/*.json) compiled to one function per message. The
 * locale-modules layout keeps each language in a module of its own; in the app, lazyLocales
 * then keeps only `locale`'s words in a build of it, and only the player's language's in `vite`
 * dev (tests run every language statically).
 */
export function catalogue({ split, locale = inlang.baseLocale }: { split: boolean; locale?: string }) {
  const compile = paraglideVitePlugin({ ...compilerOptions, strategy: [...compilerOptions.strategy] });
  return split ? [compile, lazyLocales({ outdir: OUTDIR, ...inlang, locale })] : [compile];
}
