import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type GameState, replay } from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { referenceSolve } from './reference.ts';
import { solve } from './solve.ts';

interface PositionFixture {
  readonly group: string;
  readonly seed: string;
  readonly result: 'win' | 'loss';
  readonly referencePositions: number;
  readonly state: GameState;
}

/* Double Scorpion and all-face-up positions with the exhaustive reference search's verdict,
   written by test/write-position-fixtures.ts (the hardest it decided under 300,000 positions). */
const { positions } = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/positions.json'), 'utf8')) as {
  positions: PositionFixture[];
};

describe('the solver agrees with the exhaustive search on Double Scorpion and open positions', () => {
  it.each(positions)('$group $seed: $result', ({ state, result }) => {
    const verdict = solve(state, { nodes: 2_000_000, ms: 60_000, tableMegabytes: 8 });
    expect(verdict.result).toBe(result);
    if (verdict.result === 'win') expect(replay(state, verdict.line)).toMatchObject({ ok: true, status: 'won' });
  });

  it('holds wins and losses of Double Scorpion and of open deals', () => {
    const has = (text: string, result: string) => positions.some((p) => p.group.includes(text) && p.result === result);
    expect([
      has('double-scorpion', 'win'),
      has('double-scorpion', 'loss'),
      has('open', 'win'),
      has('open', 'loss'),
    ]).toEqual([true, true, true, true]);
  });

  it('the reference search still gives the small ones their verdict', { timeout: 60_000 }, () => {
    const small = positions.filter((p) => p.referencePositions <= 8000);
    expect(small.length).toBeGreaterThan(3);
    for (const { state, result } of small) expect(referenceSolve(state, 8000).result).toBe(result);
  });
});
