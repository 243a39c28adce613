import { baseLocale, type Locale } from '../../paraglide/runtime.js';

/** One language's compiled messages: each a function of its placeholders. */
type Catalogue = Record<string, (inputs?: Record<string, unknown>) => string>;

/**
 * The active language's messages when it is not the base language, else empty. Every message
 * asks here first, then falls back to the base language (vite/lazyLocales.ts writes the
 * dispatcher so), so that a page carries only the base language's messages it uses, plus the
 * files of its player's language that hold those messages.
 */
export const active: Catalogue = {};

/**
 * The id of the file of every message the entry's chunk holds (the shell): the build writes it
 * over this placeholder (vite/localeFiles.ts), which must stay exactly this string.
 */
const SHELL = 'msgs:entry';

declare global {
  /** Called by each page's chunk, before it is evaluated, with the id of its messages' file. */
  var __scorpionMessages: (id: string) => Promise<void> | undefined;
}

/** Fetches one file of `locale`'s messages, written beside the chunks as `<locale>-<id>.js`. */
function load(locale: Locale, id: string): Promise<void> | undefined {
  if (locale === baseLocale) return;
  // Resolved against this chunk, the entry, beside which the build writes the files. In `vite`
  // dev no chunk is rendered: the shell fetches the language's whole module, the pages nothing.
  if (import.meta.env.DEV && id !== SHELL) return;
  const file = import.meta.env.DEV ? `../../paraglide/messages/${locale}.js` : `./${locale}-${id}.js`;
  return import(/* @vite-ignore */ file).then((messages: Catalogue) => {
    Object.assign(active, messages);
  });
}

/**
 * Fetches the shell's messages in `locale`, before anything is rendered in it, and lets every
 * page's chunk fetch its own as it loads.
 */
export async function loadCatalogue(locale: Locale): Promise<void> {
  globalThis.__scorpionMessages = (id) => load(locale, id);
  await load(locale, SHELL);
}
