/**
 * A tiny history-API router: the whole app is a handful of pages, so a path and its query
 * string are all the state a route needs.
 */
export class Router {
  #url = $state.raw(new URL(location.href));

  constructor() {
    addEventListener('popstate', () => {
      this.#url = new URL(location.href);
    });
  }

  get path() {
    return this.#url.pathname;
  }

  get query() {
    return this.#url.searchParams;
  }

  navigate(href: string, options: { replace?: boolean } = {}) {
    const url = new URL(href, location.href);
    if (options.replace) history.replaceState(null, '', url);
    else history.pushState(null, '', url);
    this.#url = url;
    if (!options.replace) scrollTo(0, 0);
  }

  /** Follows same-origin links without a reload; anything else is left to the browser. */
  handleClick = (e: MouseEvent) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element | null)?.closest?.('a');
    if (!a || a.target || a.hasAttribute('download') || a.origin !== location.origin) return;
    e.preventDefault();
    this.navigate(a.href);
  };
}
