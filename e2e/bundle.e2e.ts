import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './test.ts';

const ASSETS = join(import.meta.dirname, '../apps/web/dist/assets');

/**
 * The browser never validates a frame: the protocol package's schemas (and zod, about 22 kB
 * compressed) are the server's. One import of a schema module's constant once put zod into
 * every race page, and nothing saw it; the build the e2e run serves is read here for it.
 */
test('no chunk of the built web app holds zod', () => {
  const maps = readdirSync(ASSETS).filter((name) => name.endsWith('.js.map'));
  expect(maps.length).toBeGreaterThan(1);
  for (const name of maps) {
    const { sources } = JSON.parse(readFileSync(join(ASSETS, name), 'utf8')) as { sources: string[] };
    expect(
      sources.filter((source) => /[\\/]node_modules[\\/].*[\\/]zod[\\/]/.test(source)),
      name,
    ).toEqual([]);
  }
});
