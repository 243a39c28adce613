import { baseLocale, type Locale } from '../../paraglide/runtime.js';

/** One language's compiled messages: each a function of its placeholders. */
type Catalogue = Record<string, (inputs?: Record<string, unknown>) => string>;

/**
 * In `vite` dev, the active language's messages when it is not the base language, else empty.
 * Every message asks here first, then falls back to the base language (vite/lazyLocales.ts
 * writes the dispatcher so in dev). A build needs none of it: each language is a build of its
 * own, with its words in its pages' code.
 */
export const active: Catalogue = {};

/** `vite` dev only: fetches `locale`'s whole catalogue before anything is rendered in it. */
export async function loadCatalogue(locale: Locale): Promise<void> {
  if (locale === baseLocale) return;
  const messages: Catalogue = await import(/* @vite-ignore */ `../../paraglide/messages/${locale}.js`);
  Object.assign(active, messages);
}
