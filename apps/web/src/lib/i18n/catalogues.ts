import { baseLocale, type Locale } from '../../paraglide/runtime.js';

/** One language's compiled messages: each a function of its placeholders. */
type Catalogue = Record<string, (inputs?: Record<string, unknown>) => string>;

/**
 * The active language's messages when it is not the base language, else empty. Every message
 * asks here first, then falls back to the base language (vite/lazyLocales.ts writes the
 * dispatcher so), so that a page carries only the base language's messages it uses, plus one
 * chunk of its player's language.
 */
export const active: Catalogue = {};

// One chunk per language. The base language is excluded: it is imported statically, message by
// message, and a dynamic import of it would keep every one of its messages in the first page.
const chunks = import.meta.glob<Catalogue>(['../../paraglide/messages/*.js', '!**/_index.js', '!**/en.js']);

/** Fetches `locale`'s messages, before anything is rendered in it. */
export async function loadCatalogue(locale: Locale): Promise<void> {
  if (locale === baseLocale) return;
  const load = chunks[`../../paraglide/messages/${locale}.js`];
  if (!load) throw new Error(`No message chunk for ${locale}`);
  Object.assign(active, await load());
}
