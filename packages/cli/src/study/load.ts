import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { VARIANT_IDS } from '@scorpion/rules';
import { keyName, parseKeyName, type StudyKey } from './key.ts';
import { parseStudy, type StudyResult } from './results.ts';

export interface Study {
  readonly key: StudyKey;
  /**
   * Deals 0 … n − 1 with no gap, in order. A study killed with several threads running can
   * have later deals done while an earlier (and likely harder) one was not: the row counts only
   * the unbroken start, so that no deal is left out for being slow.
   */
  readonly results: readonly StudyResult[];
  /** Results past the first gap, left out of the row until the gap is filled (and kept in the file). */
  readonly beyond: readonly StudyResult[];
}

/** Every study in `dir`: from its working `.jsonl`, or from the committed `.jsonl.gz` when that is all there is. */
export function loadStudies(dir: string): Study[] {
  if (!existsSync(dir)) return [];
  const stems = new Set<string>();
  for (const name of readdirSync(dir)) {
    const stem = /^(.*)\.jsonl(\.gz)?$/.exec(name)?.[1];
    if (stem !== undefined && parseKeyName(stem)) stems.add(stem);
  }
  const studies = [...stems].map((stem) => {
    const key = parseKeyName(stem)!;
    const plain = join(dir, `${stem}.jsonl`);
    const text = existsSync(plain)
      ? readFileSync(plain, 'utf8')
      : gunzipSync(readFileSync(`${plain}.gz`)).toString('utf8');
    const all = parseStudy(text).results;
    const results: StudyResult[] = [];
    while (all.has(results.length)) results.push(all.get(results.length)!);
    const beyond = [...all.values()].filter((r) => r.index >= results.length).sort((a, b) => a.index - b.index);
    return { key, results, beyond };
  });
  // Variants in the rules' order, then plain before its options.
  const order = (s: Study) =>
    VARIANT_IDS.indexOf(s.key.variant) * 4 + +s.key.options.foundations * 2 + +s.key.options.open;
  return studies
    .filter((s) => s.results.length > 0)
    .sort((a, b) => order(a) - order(b) || keyName(a.key).localeCompare(keyName(b.key)));
}

/** A study's file as it is committed: every result, one JSON line each, in deal order. */
export function packedText(study: Study): string {
  return [...study.results, ...study.beyond].map((r) => `${JSON.stringify(r)}\n`).join('');
}
