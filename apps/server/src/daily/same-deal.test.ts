import { expect, test } from 'vitest';
import type { DailyDealRow } from '../repo/types.ts';
import { FIXED_SEED, WINNING_DECK } from '../test/deals.ts';
import { isTheDaysDeal } from './same-deal.ts';

const deal: DailyDealRow = {
  date: '2026-06-01',
  day: 152,
  variant: 'scorpion',
  seed: FIXED_SEED,
  deck: WINNING_DECK,
  candidate: 0,
  certifiedBy: 'test',
  line: null,
  difficulty: null,
};

const game: Parameters<typeof isTheDaysDeal>[0] = {
  dailyDate: '2026-06-01',
  variant: 'scorpion',
  seed: FIXED_SEED,
  options: { foundations: false, open: false },
  deck: [...WINNING_DECK],
};

test("a game is the day's deal only with the same date, variant, seed, options and deck", () => {
  expect(isTheDaysDeal(game, deal)).toBe(true);
  const swapped = [...WINNING_DECK];
  [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
  const changes: Partial<typeof game>[] = [
    { dailyDate: '2026-06-02' },
    { variant: 'wasp' },
    { seed: null },
    { seed: 'f'.repeat(32) },
    { options: { foundations: true, open: false } },
    { options: { foundations: false, open: true } },
    { deck: swapped },
    { deck: WINNING_DECK.slice(0, -1) },
    { deck: [...WINNING_DECK, WINNING_DECK[0]!] },
  ];
  for (const change of changes) expect(isTheDaysDeal({ ...game, ...change }, deal), JSON.stringify(change)).toBe(false);
});
