import type { Rolldown } from 'vite';
import { expect, test } from 'vitest';
import { ENTRY_PLACEHOLDER, LocaleFiles, type Sources } from './localeFiles.ts';

const PREFIX = '\0virtual:scorpion-message/';

/** A rendered chunk as the bundler hands it over: only the fields the grouping reads. */
function chunk(
  fileName: string,
  keys: string[],
  options: { imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean } = {},
): Rolldown.RenderedChunk {
  return {
    fileName,
    moduleIds: [`/src/pages/${fileName}.svelte`, ...keys.map((key) => PREFIX + key)],
    imports: options.imports ?? [],
    isEntry: options.isEntry ?? false,
    isDynamicEntry: options.isDynamicEntry ?? false,
  } as Rolldown.RenderedChunk;
}

function sources(german: Record<string, string>): Sources {
  const english = {
    shell_menu: '() => `Menu`',
    daily_start: '() => `Start`',
    board_moves: '(i) => registry.plural("en", i.count, {}) === "one" ? "1 move" : i.count + " moves"',
  };
  return new Map([
    ['en', new Map(Object.entries(english))],
    ['de', new Map(Object.entries(german))],
  ]);
}

const GERMAN = {
  shell_menu: '() => `Menü`',
  daily_start: '() => `Los`',
  board_moves: '(i) => registry.plural("de", i.count, {}) === "one" ? "1 Zug" : i.count + " Züge"',
};

// The entry holds the shell; the daily's page imports the board's chunk statically.
const chunks = {
  'index.js': chunk('index.js', ['shell_menu'], { isEntry: true }),
  'Daily.js': chunk('Daily.js', ['daily_start', 'shell_menu'], {
    imports: ['index.js', 'Board.js'],
    isDynamicEntry: true,
  }),
  'Board.js': chunk('Board.js', ['board_moves'], { imports: ['index.js'] }),
};

function render(german: Record<string, string>) {
  const files = new LocaleFiles(() => sources(german), 'en', PREFIX);
  const entry = files.render(`const SHELL = "${ENTRY_PLACEHOLDER}";`, chunks['index.js'], chunks)!;
  const daily = files.render('export default 1;', chunks['Daily.js'], chunks)!;
  return { entry, daily, board: files.render('x', chunks['Board.js'], chunks), files: files.files('assets') };
}

test('the entry gets the id of its file in place of the placeholder, as long as it, so no code moves', () => {
  const { entry, files } = render(GERMAN);
  const id = /"(\w+)"/.exec(entry)![1]!;
  expect(id).toHaveLength(ENTRY_PLACEHOLDER.length);
  const shell = files.find((f) => f.fileName === `assets/de-${id}.js`)!;
  expect(shell.source).toContain('Menü');
  expect(shell.source).not.toContain('Los');
});

test("a page's chunk awaits one file with its own and its static imports' messages, not the shell's", () => {
  const { daily, board, files } = render(GERMAN);
  const id = /__scorpionMessages\("(\w+)"\)/.exec(daily)![1]!;
  expect(daily.startsWith('export default 1;\nawait globalThis.__scorpionMessages(')).toBe(true);
  // The board's chunk is no import of its own: it loads with the page, whose file holds it.
  expect(board).toBeUndefined();
  const page = files.find((f) => f.fileName === `assets/de-${id}.js`)!.source;
  expect(page).toContain('Los');
  expect(page).toContain('Züge');
  expect(page).not.toContain('Menü');
  // Only the other languages get files; English is in the chunks' code.
  expect(files.map((f) => f.fileName.slice(7, 9))).toEqual(['de', 'de']);
});

test("a language file is a module of the language's functions, with the plural rule it needs", async () => {
  const { daily, files } = render(GERMAN);
  const id = /__scorpionMessages\("(\w+)"\)/.exec(daily)![1]!;
  const source = files.find((f) => f.fileName === `assets/de-${id}.js`)!.source;
  const messages = await import(`data:text/javascript,${encodeURIComponent(source)}`);
  expect(messages.daily_start()).toBe('Los');
  expect(messages.board_moves({ count: 1 })).toBe('1 Zug');
  expect(messages.board_moves({ count: 3 })).toBe('3 Züge');
});

test('a changed translation changes the name of its file, and so the code of the chunk that loads it', () => {
  const before = render(GERMAN);
  const after = render({ ...GERMAN, daily_start: '() => `Starten`' });
  expect(after.daily).not.toBe(before.daily);
  // The shell's words did not change: neither did its file.
  expect(after.entry).toBe(before.entry);
});
