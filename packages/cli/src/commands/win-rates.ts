import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { PublishedWinRates, WinRateRow } from '@scorpion/protocol';
import { type Args, type FlagSpec, stringFlag } from '../args.ts';
import { checkStudy } from '../study/check.ts';
import { compactStudy } from '../study/compact.ts';
import { keyName } from '../study/key.ts';
import { loadStudies, packedText } from '../study/load.ts';
import { optionContradictions } from '../study/options.ts';
import { publishedRows, winRatesDoc } from '../study/publish.ts';
import { DEFAULT_STUDY_DIR } from './study.ts';

export const WIN_RATES_FLAGS: FlagSpec = {
  dir: { type: 'string' },
  doc: { type: 'string' },
  web: { type: 'string' },
};

export const DEFAULT_DOC = 'docs/win-rates.md';
export const DEFAULT_WEB = 'apps/web/src/pages/win-rates.json';

/** The web page's data: the rows, numbers rounded so that a regenerated file differs only where the data did. */
export function webJson(rows: readonly WinRateRow[]): string {
  const round = (_key: string, value: unknown) => (typeof value === 'number' ? Math.round(value * 1e5) / 1e5 : value);
  const published: PublishedWinRates = { rows: [...rows] };
  return `${JSON.stringify(published, round, 2)}\n`;
}

/**
 * `scorpion win-rates [--dir D] [--doc FILE] [--web FILE]`: checks every study in D (each win
 * replays, each seed is its deal's, no deal won in a row is proved lost in a row with more
 * options), then packs each into `KEY.jsonl.gz` (the committed copy, every winning line
 * shortened: `compactStudy`), and writes the table as markdown and as the web page's JSON.
 * Writes nothing when a check fails or D holds no study.
 */
export function winRatesCommand(args: Args, err: (text: string) => void): number {
  const dir = stringFlag(args, 'dir') ?? DEFAULT_STUDY_DIR;
  const loaded = loadStudies(dir);
  // No study at all is a mistyped --dir, not an empty table to publish over the real one.
  if (loaded.length === 0) {
    err(`no study in ${dir} (no KEY.jsonl or KEY.jsonl.gz with a result): nothing checked or written\n`);
    return 1;
  }
  const problems = [
    ...loaded.flatMap((s) => checkStudy(s.key, [...s.results, ...s.beyond]).map((p) => `${keyName(s.key)}: ${p}`)),
    ...optionContradictions(loaded),
  ];
  if (problems.length > 0) {
    err(`${problems.join('\n')}\n`);
    return 1;
  }
  const studies = loaded.map(compactStudy);
  for (const study of studies) {
    writeFileSync(join(dir, `${keyName(study.key)}.jsonl.gz`), gzipSync(packedText(study), { level: 9 }));
  }
  const rows = publishedRows(studies);
  writeFileSync(stringFlag(args, 'doc') ?? DEFAULT_DOC, winRatesDoc(studies));
  writeFileSync(stringFlag(args, 'web') ?? DEFAULT_WEB, webJson(rows));
  return 0;
}
