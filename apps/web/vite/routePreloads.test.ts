import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { pageFiles, pagesFiles, preloadScript } from './routePreloads.ts';

/** A chunk as the build writes it: only what `pageFiles` reads. */
const chunk = (fileName: string, imports: string[], css: string[] = [], more: Partial<Rolldown.OutputChunk> = {}) =>
  ({
    type: 'chunk',
    fileName,
    imports,
    isEntry: false,
    facadeModuleId: null,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
    ...more,
  }) as unknown as Rolldown.OutputChunk;

const output = [
  chunk('assets/index.js', ['assets/shared.js'], ['assets/index.css'], { isEntry: true }),
  chunk('assets/shared.js', []),
  chunk('assets/Daily.js', ['assets/Board.js', 'assets/shared.js'], ['assets/Daily.css'], {
    facadeModuleId: '/app/src/pages/Daily.svelte',
  }),
  chunk('assets/Board.js', ['assets/rules.js'], ['assets/Board.css', 'assets/index.css']),
  chunk('assets/rules.js', []),
  chunk('assets/Practice.js', ['assets/Board.js'], [], { facadeModuleId: '/app/src/pages/Practice.svelte' }),
];

describe("a page's files, asked for with the entry", () => {
  it("are the page's chunk, what it imports and their CSS, less what the entry loaded", () => {
    expect(pageFiles(output, 'src/pages/Daily.svelte')).toEqual([
      '/assets/Daily.js',
      '/assets/Daily.css',
      '/assets/Board.js',
      '/assets/Board.css',
      '/assets/rules.js',
    ]);
  });

  it('are listed for the daily only', () => {
    expect(Object.keys(pagesFiles(output))).toEqual(['/daily']);
  });

  it('fail the build when the page has no chunk of its own', () => {
    expect(() => pageFiles(output.slice(0, 2), 'src/pages/Daily.svelte')).toThrow(/no chunk/);
  });
});

describe("the first script's preloads", () => {
  /** Runs the generated script against a page at `path` whose language is `chosen`. */
  function run(chosen: string, path: string) {
    const appended: Record<string, string>[] = [];
    const document = {
      createElement: () => ({}),
      head: { append: (link: Record<string, string>) => appended.push(link) },
    };
    const files = {
      en: { '/daily': ['/assets/Daily.js', '/assets/Daily.css'] },
      de: { '/daily': ['/assets/de/Daily.js'] },
    };
    new Function('chosen', 'location', 'document', preloadScript(files))(chosen, { pathname: path }, document);
    return appended;
  }

  it("ask for the chosen language's files of the page, as the router's import would", () => {
    expect(run('en', '/daily')).toEqual([
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/Daily.js' },
      { rel: 'preload', as: 'style', crossOrigin: '', href: '/assets/Daily.css' },
    ]);
    expect(run('de', '/daily')).toEqual([{ rel: 'modulepreload', crossOrigin: '', href: '/assets/de/Daily.js' }]);
  });

  it('ask for nothing on another page', () => {
    expect(run('en', '/practice')).toEqual([]);
    expect(run('fr', '/daily')).toEqual([]);
  });
});
