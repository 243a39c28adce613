import {
  baseLocale,
  extractLocaleFromNavigator,
  type Locale,
  localStorageKey,
  toLocale,
} from '../../paraglide/runtime.js';

let current: Locale = baseLocale;

/**
 * The language this page load speaks. Use this, not Paraglide's `getLocale()`: that one resolves
 * the strategies again on every call, stores the browser's language as if the player had chosen
 * it, and brings a kilobyte of runtime into the first page.
 */
export function currentLocale(): Locale {
  return current;
}

function stored(): string | null {
  try {
    return localStorage.getItem(localStorageKey);
  } catch {
    return null;
  }
}

/**
 * Settles the language this page load speaks, before the app mounts: the one the player chose
 * in the settings, else the first of the browser's languages the app has, else English (the
 * strategy order in vite/paraglide.ts). It is fixed until the next load: a change reloads.
 * The browser's language is not stored, so a player who never chose follows their browser.
 *
 * A build is one language's (vite/localeBuilds.ts): the page's first script chose it by the same
 * rule, so the build's own is the answer. In `vite` dev one server speaks every language: the
 * rule is applied here, and the language's catalogue fetched.
 */
export async function startLocale(): Promise<Locale> {
  const built = import.meta.env.SCORPION_LOCALE;
  current = built ? (built as Locale) : (toLocale(stored()) ?? extractLocaleFromNavigator() ?? baseLocale);
  document.documentElement.lang = current;
  if (!built) await (await import('./catalogues.ts')).loadCatalogue(current);
  return current;
}

/** The player's choice in the settings: kept in this browser, then the page reloads in it. */
export function chooseLocale(locale: Locale): void {
  try {
    localStorage.setItem(localStorageKey, locale);
  } catch {
    // Private mode: the choice lasts until the tab closes, through the reload's navigation.
  }
  if (locale !== current) location.reload();
}
