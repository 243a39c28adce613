import type { Rolldown } from 'vite';

/**
 * The pages whose files the page's first script asks for with the entry (by path), instead of
 * after the entry has loaded and run and its router has imported the page: the daily, where a
 * phone otherwise waits for the entry (about 0.4 s of script on a slow phone) before its page's
 * chunks even start to travel (issue #33, item 11: Start pressable in under 1.2 s).
 */
export const PRELOADED_PAGES: Record<string, string> = { '/daily': 'src/pages/Daily.svelte' };

type Output = readonly (Rolldown.OutputChunk | Rolldown.OutputAsset)[];

/**
 * The files (`/`-rooted, scripts and style sheets) the page of `source` loads with it: its chunk,
 * the chunks it imports statically, and their CSS, less what the entry has already loaded. These
 * are exactly the files the router's `import()` fetches, so asking for them earlier adds no file.
 */
export function pageFiles(output: Output, source: string): string[] {
  const chunks = new Map<string, Rolldown.OutputChunk>();
  for (const file of output) if (file.type === 'chunk') chunks.set(file.fileName, file);
  const closure = (start: Rolldown.OutputChunk): Set<string> => {
    const seen = new Set<string>();
    const visit = (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      for (const next of chunks.get(name)?.imports ?? []) visit(next);
    };
    visit(start.fileName);
    return seen;
  };
  const entry = [...chunks.values()].find((c) => c.isEntry);
  const page = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(`/${source}`));
  if (!entry || !page) throw new Error(`routePreloads: no entry, or no chunk for ${source}`);
  const loaded = closure(entry);
  const cssLoaded = new Set([...loaded].flatMap((name) => [...(chunks.get(name)?.viteMetadata?.importedCss ?? [])]));
  const files: string[] = [];
  for (const name of closure(page)) {
    if (loaded.has(name)) continue;
    files.push(name);
    for (const css of chunks.get(name)?.viteMetadata?.importedCss ?? []) if (!cssLoaded.has(css)) files.push(css);
  }
  return [...new Set(files)].map((name) => `/${name}`);
}

/** Each preloaded page's files in one language's build, by path. */
export function pagesFiles(output: Output): Record<string, string[]> {
  return Object.fromEntries(Object.entries(PRELOADED_PAGES).map(([path, source]) => [path, pageFiles(output, source)]));
}

/**
 * Script for the page's first script, once the language is chosen (`chosen`): asks for the
 * current page's files, scripts as module preloads and style sheets as preloads, each with the
 * `crossorigin` the router's own request carries, so that request finds them in the cache.
 */
export function preloadScript(files: Record<string, Record<string, string[]>>): string {
  return `for (const href of ${JSON.stringify(files)}[chosen]?.[location.pathname] ?? []) {
    const link = document.createElement('link');
    const css = href.endsWith('.css');
    link.rel = css ? 'preload' : 'modulepreload';
    if (css) link.as = 'style';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }`;
}
