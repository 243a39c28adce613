/**
 * What a page asks the API for first, asked by the browser with the page itself (`<link
 * rel="preload" as="fetch">`) rather than after its script has loaded and run: on a phone's
 * 150 ms round trips that is the difference between a Start button pressable at once and one a
 * few trips later (issue #33, item 11). The addresses are exactly the ones the page's script asks
 * for (`net/api.ts` fetches same-origin, CORS mode: `crossorigin` matches), so the browser hands
 * the preloaded answers over instead of asking again.
 */
const FIRST_ASKED: Record<string, readonly string[]> = {
  // `DailyPage`: today's result of ours (the board's `me`), the day's deal info; the session's player.
  '/daily': ['/api/me', '/api/leaderboards/daily?pageSize=1', '/api/daily'],
};

/** `html` with the preloads of the page at `path` in its head (none for most pages). */
export function withPreloads(html: string, path: string): string {
  const asked = FIRST_ASKED[path];
  if (!asked) return html;
  const links = asked.map((href) => `<link rel="preload" as="fetch" href="${href}" crossorigin />`).join('\n    ');
  return html.replace('<head>', `<head>\n    ${links}`);
}
