import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dealFromSeed, newGame, replay, type VariantId } from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { solve } from './solve.ts';

interface Fixture {
  readonly variant: VariantId;
  readonly seed: string;
  readonly result: 'win' | 'loss';
}

const { deals } = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/verdicts.json'), 'utf8')) as {
  deals: Fixture[];
};
const OPTIONS = { foundations: false, open: false };

describe('verdicts on seeded deals', () => {
  it.each(deals)('$variant $seed: $result', ({ variant, seed, result }) => {
    const start = newGame(variant, OPTIONS, dealFromSeed(variant, seed));
    const verdict = solve(start, { nodes: 2_000_000, ms: 60_000, tableMegabytes: 32 });
    expect(verdict.result).toBe(result);
    if (verdict.result === 'win') expect(replay(start, verdict.line)).toMatchObject({ ok: true, status: 'won' });
  });

  it('covers a win in every variant', () => {
    const won = new Set(deals.filter((d) => d.result === 'win').map((d) => d.variant));
    expect([...won].sort()).toEqual(
      ['double-scorpion', 'scorpion', 'scorpion-ii', 'scorpion-tail', 'three-blind-mice', 'wasp'].sort(),
    );
  });
});
