import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { winRatesCommand } from './win-rates.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function outputs() {
  const out = mkdtempSync(join(tmpdir(), 'win-rates-out-'));
  dirs.push(out);
  return { doc: join(out, 'win-rates.md'), web: join(out, 'win-rates.json') };
}

it('refuses a --dir with no study (a typo) and writes no empty table over the published one', () => {
  const empty = mkdtempSync(join(tmpdir(), 'win-rates-empty-'));
  dirs.push(empty);
  writeFileSync(join(empty, 'notes.txt'), 'not a study\n');
  for (const dir of [empty, join(empty, 'no-such-dir')]) {
    const { doc, web } = outputs();
    let said = '';
    const flags = new Map<string, string>([
      ['dir', dir],
      ['doc', doc],
      ['web', web],
    ]);
    expect(winRatesCommand({ flags }, (text) => (said += text))).toBe(1);
    expect(said).toContain(`no study in ${dir}`);
    expect(existsSync(doc)).toBe(false);
    expect(existsSync(web)).toBe(false);
  }
});
