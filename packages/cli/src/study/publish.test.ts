import { expect, it } from 'vitest';
import { parseKeyName } from './key.ts';
import type { Study } from './load.ts';
import { winRatesDoc } from './publish.ts';
import type { StudyResult } from './results.ts';

const win = (index: number, ms = 5): StudyResult => ({ index, seed: 's', nodes: 10, ms, result: 'win', line: [] });
const loss = (index: number, ms = 5): StudyResult => ({ index, seed: 's', nodes: 10, ms, result: 'loss' });
const unknown = (index: number): StudyResult => ({
  index,
  seed: 's',
  nodes: 9,
  ms: 10_000,
  result: 'unknown',
  reason: 'time-limit',
});

function study(name: string, results: StudyResult[]): Study {
  return { key: parseKeyName(name)!, results, beyond: [] };
}

it('says which deals were decided past the default limits and what each option row adds', () => {
  const doc = winRatesDoc([
    study('scorpion', [win(0), loss(1, 48_200), unknown(2), loss(3)]),
    study('scorpion+foundations', [win(0), win(1), win(2, 25_000), loss(3)]),
  ]);
  expect(doc).toContain(
    '- Scorpion (`scorpion`): 4 deals so far, 1 of them decided with more than the default limits (up to 48 s), 1 min of solver time on one core; interval −20.44 / +60.00 points, wider than ±0.7%.',
  );
  expect(doc).toContain(
    '- Scorpion, foundations: 2 of the 4 deals (50.0%) are won with it and lost or undecided without.',
  );
});

it('says "none" of an option row that adds no win, and a share under a tenth of a percent with two decimals', () => {
  const plain = Array.from({ length: 2000 }, (_, i) => loss(i));
  const doc = winRatesDoc([
    study('wasp', plain),
    study('wasp+foundations', plain),
    study('wasp+open', [win(0), ...plain.slice(1)]),
  ]);
  expect(doc).toContain('- Wasp, foundations: none of the 2,000 deals is won with it and lost or undecided without.');
  expect(doc).toContain(
    '- Wasp, all face up: 1 of the 2,000 deals (0.05%) is won with it and lost or undecided without.',
  );
});

it('says whether a row is within ±0.7% of its rate on both sides', () => {
  // 10,000 deals at 50%: the Wilson interval alone is about ±0.98 points.
  const even = Array.from({ length: 10_000 }, (_, i) => (i % 2 ? win(i) : loss(i)));
  // 10,000 deals at 10%: about ±0.59 points.
  const tenth = Array.from({ length: 10_000 }, (_, i) => (i % 10 ? loss(i) : win(i)));
  const all = Array.from({ length: 4040 }, (_, i) => win(i));
  const doc = winRatesDoc([study('scorpion', even), study('wasp', tenth), study('wasp+open', all)]);
  expect(doc).toMatch(/\(`scorpion`\).*interval −0\.98 \/ \+0\.98 points, wider than ±0\.7%\./);
  expect(doc).toMatch(/\(`wasp`\).*interval −0\.57 \/ \+0\.60 points, within ±0\.7%\./);
  expect(doc).toMatch(/\(`wasp\+open`\).*interval −0\.09 \/ \+0\.00 points, within ±0\.7%\./);
});

it('has no options section while no row has an option', () => {
  expect(winRatesDoc([study('wasp', [win(0)])])).not.toContain('## What the options add');
});
