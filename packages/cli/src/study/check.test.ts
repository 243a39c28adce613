import { dealFromSeed, newGame } from '@scorpion/rules';
import { solve } from '@scorpion/solver';
import { expect, it } from 'vitest';
import { checkStudy } from './check.ts';
import type { StudyResult } from './results.ts';
import { studySeed } from './seeds.ts';

const KEY = { variant: 'scorpion', options: { foundations: false, open: false } } as const;

/** A real result of the study's deal `index`, solved here. */
function solved(index: number): StudyResult {
  const seed = studySeed(KEY.variant, index);
  return {
    index,
    seed,
    ...solve(newGame(KEY.variant, KEY.options, dealFromSeed(KEY.variant, seed)), { nodes: 200_000 }),
  };
}

/** The first of the study's deals that the solver wins. */
function firstWin(): Extract<StudyResult, { result: 'win' }> {
  for (let index = 0; ; index++) {
    const r = solved(index);
    if (r.result === 'win') return r;
  }
}

it('passes real results and flags a wrong seed, an illegal move and a line that does not win', () => {
  const win = firstWin();
  expect(checkStudy(KEY, [solved(0), win])).toEqual([]);
  expect(checkStudy(KEY, [{ ...win, index: win.index + 1 }])[0]).toMatch(/is not the study's seed/);
  const line = [...win.line];
  line[3] = { kind: 'move', from: 0, row: 0, to: 0 };
  expect(checkStudy(KEY, [{ ...win, line }])).toEqual([`deal ${win.index}: move 3 of its winning line is illegal`]);
  expect(checkStudy(KEY, [{ ...win, line: win.line.slice(0, -1) }])[0]).toMatch(/ends with the game (playing|lost)/);
}, 60_000);
