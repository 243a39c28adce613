import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { DEFAULT_STUDY_DIR } from '../commands/study.ts';
import { DEFAULT_DOC, DEFAULT_WEB, webJson } from '../commands/win-rates.ts';
import { checkStudy } from './check.ts';
import { loadStudies } from './load.ts';
import { optionContradictions } from './options.ts';
import { publishedRows, winRatesDoc } from './publish.ts';

const root = join(import.meta.dirname, '../../../..');
// Only the committed copies: a working .jsonl beside them may be ahead of what was published.
const committed = mkdtempSync(join(tmpdir(), 'win-rates-'));
for (const name of readdirSync(join(root, DEFAULT_STUDY_DIR))) {
  if (name.endsWith('.jsonl.gz')) copyFileSync(join(root, DEFAULT_STUDY_DIR, name), join(committed, name));
}
afterAll(() => rmSync(committed, { recursive: true, force: true }));
const studies = loadStudies(committed);

it('has committed study data for the single-deck variants', () => {
  expect(studies.map((s) => s.key.variant)).toContain('scorpion');
});

it('every committed win replays through the rules, every seed is its deal', () => {
  for (const study of studies) expect(checkStudy(study.key, [...study.results, ...study.beyond])).toEqual([]);
}, 120_000);

it('no committed deal won in a row is proved lost in a row of its variant with more options', () => {
  expect(optionContradictions(studies)).toEqual([]);
});

it('docs/win-rates.md and the web page data are those of the committed data (pnpm --silent scorpion win-rates)', () => {
  const rows = publishedRows(studies);
  expect(readFileSync(join(root, DEFAULT_DOC), 'utf8')).toBe(winRatesDoc(studies));
  expect(readFileSync(join(root, DEFAULT_WEB), 'utf8')).toBe(webJson(rows));
});
