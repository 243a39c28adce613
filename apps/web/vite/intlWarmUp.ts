/**
 * Part of the page's first script (vite/localeBuilds.ts): the first use of `Intl` loads its
 * locale data, 0.2–0.5 s of a slow phone's CPU (bench/README.md), and the page's first render
 * paid it (the header's language names, the Start screen's date, the plural of a message). The
 * first script runs while the entry and the page's files download and the main thread has
 * nothing else to do: it pays it there, once the requests are on their way (a task after the
 * script's own). Reads `chosen`, the page's language, and `entries`, every language's entry.
 */
export function intlWarmUpScript(): string {
  return `setTimeout(() => {
    try {
      for (const tag of Object.keys(entries)) new Intl.DisplayNames([tag], { type: 'language' }).of(tag);
      new Intl.DateTimeFormat(chosen, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(0);
      new Intl.PluralRules(chosen).select(1);
      new Intl.NumberFormat(chosen).format(1);
    } catch {}
  });`;
}
