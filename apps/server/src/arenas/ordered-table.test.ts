import { expect, test } from 'vitest';
import { OrderedTable } from './ordered-table.ts';
import { type DealResult, type Sheet, sheet, standings, tableKey } from './scoring.ts';

/** A fixed sequence of the deal results a table goes through: a linear congruential generator, seed 35. */
function* results(count: number): Generator<{ player: string; result: Omit<DealResult, 'deal'> }> {
  let state = 35;
  const next = (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % n;
  };
  for (let i = 0; i < count; i++) {
    yield {
      // Few players and few times: many ties on score and on time both.
      player: `p${next(40)}`,
      result: { outcome: next(3) === 0 ? 'gave-up' : 'won', berserk: next(4) === 0, elapsedMs: 1000 * (1 + next(3)) },
    };
  }
}

test("kept in order as results come, the table is `standings`'s at every step: order, ties and ranks", () => {
  const table = new OrderedTable();
  const deals = new Map<string, DealResult[]>();
  let tied = 0;
  for (const { player, result } of results(600)) {
    const own = deals.get(player) ?? [];
    own.push({ ...result, deal: own.length + 1 });
    deals.set(player, own);
    table.set(player, tableKey(sheet(own)));

    const sheets = new Map<string, Sheet>([...deals].map(([id, d]) => [id, sheet(d)]));
    const expected = standings([...sheets].map(([playerId, s]) => ({ playerId, name: playerId, sheet: s })));
    expect([...table.ranked()]).toStrictEqual(expected.map((s) => ({ id: s.playerId, rank: s.rank })));
    expect(table.rankOf(player)).toBe(expected.find((s) => s.playerId === player)!.rank);
    if (new Set(expected.map((s) => s.rank)).size < expected.length) tied++;
  }
  expect(table.size).toBe(deals.size);
  // Ties were there to be ordered: ranks were shared at many steps.
  expect(tied).toBeGreaterThan(100);
});

test('a player set again at the same key stays once, where they were', () => {
  const table = new OrderedTable();
  table.set('b', 0);
  table.set('a', 0);
  table.set('b', 0);
  table.set('c', -2e10);
  expect([...table.ranked()]).toStrictEqual([
    { id: 'c', rank: 1 },
    { id: 'a', rank: 2 },
    { id: 'b', rank: 2 },
  ]);
  expect(table.rankOf('nobody')).toBeUndefined();
});
