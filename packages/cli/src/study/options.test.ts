import { join } from 'node:path';
import { dealFromSeed, newGame, replay } from '@scorpion/rules';
import { expect, it } from 'vitest';
import { DEFAULT_STUDY_DIR } from '../commands/study.ts';
import { parseKeyName } from './key.ts';
import { loadStudies, type Study } from './load.ts';
import { optionContradictions, optionGains } from './options.ts';
import type { StudyResult } from './results.ts';

function result(index: number, verdict: 'win' | 'loss' | 'unknown'): StudyResult {
  const common = { index, seed: `seed-${index}`, nodes: 1, ms: 1 };
  if (verdict === 'win') return { ...common, result: 'win', line: [] };
  if (verdict === 'loss') return { ...common, result: 'loss' };
  return { ...common, result: 'unknown', reason: 'time-limit' };
}

function study(name: string, verdicts: ('win' | 'loss' | 'unknown')[]): Study {
  return { key: parseKeyName(name)!, results: verdicts.map((v, i) => result(i, v)), beyond: [] };
}

it('flags a deal won in a row and proved lost in a row of the same variant with more options', () => {
  const studies = [
    study('scorpion', ['win', 'loss', 'win', 'unknown']),
    study('scorpion+open', ['win', 'win', 'loss', 'win']),
    study('scorpion+foundations+open', ['loss', 'win', 'win']),
    study('wasp+foundations', ['loss', 'loss', 'loss', 'loss']),
  ];
  expect(optionContradictions(studies)).toEqual([
    'deal 2: won in scorpion but proved lost in scorpion+open, which only adds moves',
    'deal 0: won in scorpion but proved lost in scorpion+foundations+open, which only adds moves',
    'deal 0: won in scorpion+open but proved lost in scorpion+foundations+open, which only adds moves',
  ]);
});

it("counts, for each option row, the deals it wins that its variant's plain row does not", () => {
  const studies = [
    study('scorpion', ['win', 'loss', 'unknown', 'loss']),
    study('scorpion+open', ['win', 'win', 'win', 'loss', 'win']),
    study('wasp+open', ['win']),
  ];
  expect(optionGains(studies)).toEqual([{ key: 'scorpion+open', base: 'scorpion', shared: 4, gained: 2 }]);
});

it('a committed winning line of a plain row wins the same deal with every option, as the check assumes', () => {
  const root = join(import.meta.dirname, '../../../..');
  const plain = loadStudies(join(root, DEFAULT_STUDY_DIR)).filter(
    (s) => !s.key.options.open && !s.key.options.foundations,
  );
  expect(plain.length).toBeGreaterThan(0);
  for (const { key, results } of plain) {
    const wins = results.filter((r) => r.result === 'win').slice(0, 5);
    for (const win of wins) {
      for (const options of [
        { open: true, foundations: false },
        { open: false, foundations: true },
        { open: true, foundations: true },
      ]) {
        const played = replay(newGame(key.variant, options, dealFromSeed(key.variant, win.seed)), win.line);
        expect(played.ok && played.status, `${key.variant} deal ${win.index} ${JSON.stringify(options)}`).toBe('won');
      }
    }
  }
}, 60_000);
