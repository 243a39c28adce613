import { dealFromSeed } from '@scorpion/rules';
import { expect, test } from 'vitest';
import { type Certifier, CertifierUnavailable } from '../deals/certify.ts';
import { secretDeals } from '../deals/source.ts';
import { type ArenaDealStore, ArenaDeals, arenaSeed, type CertifiedDeal } from './deal-sequence.ts';

const SECRET = 'test-secret';
const hourly = { id: 'h-2026-12-06T13', variant: 'scorpion' } as const;

/** The store every process shares: the first deal stored for (arena, deal) is everyone's. */
class MemoryStore implements ArenaDealStore {
  readonly rows = new Map<string, CertifiedDeal>();
  async dealOnce(arenaId: string, deal: number, make: () => Promise<CertifiedDeal>) {
    const key = `${arenaId}/${deal}`;
    const made = this.rows.get(key) ?? (await make());
    if (!this.rows.has(key)) this.rows.set(key, made);
    return this.rows.get(key)!;
  }
}

/** The deck of candidate `candidate` of the hourly arena's deal `deal`, as a key. */
const deckOf = (deal: number, candidate: number) =>
  dealFromSeed('scorpion', arenaSeed(SECRET, hourly.id, deal, candidate)).join();

/** Proves winnable candidate `candidate` of each of the hourly arena's first deals, and nothing else. */
function proves(candidate: number, name = 'fake'): Certifier & { calls: number } {
  const winnable = new Set(Array.from({ length: 10 }, (_, i) => deckOf(i + 1, candidate)));
  const certifier = {
    name,
    calls: 0,
    certify: async (_variant: unknown, _options: unknown, deck: readonly number[]) => {
      certifier.calls++;
      return winnable.has(deck.join())
        ? { verdict: 'winnable' as const, line: [], nodes: 1, ms: 0 }
        : { verdict: 'unwinnable' as const, nodes: 1, ms: 0 };
    },
  };
  return certifier;
}

/** Lets what was started in the background (the next deal's certification) run to its end. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

test("deal N's candidates come from the secret, the arena and N; nothing else changes them", () => {
  const seed = arenaSeed(SECRET, hourly.id, 3, 0);
  expect(seed).toMatch(/^[0-9a-f]{32}$/);
  expect(arenaSeed(SECRET, hourly.id, 3, 0)).toBe(seed);
  const others = [
    arenaSeed('another-secret', hourly.id, 3, 0),
    arenaSeed(SECRET, 'h-2026-12-06T14', 3, 0),
    arenaSeed(SECRET, hourly.id, 4, 0),
    arenaSeed(SECRET, hourly.id, 3, 1),
    secretDeals(SECRET).daily('scorpion', '2026-12-06', 0).seed,
  ];
  expect(new Set([seed, ...others]).size).toBe(6);
});

test('two processes deal the same sequence: each deal certified once, the first answer stored for both', async () => {
  const store = new MemoryStore();
  const one = new ArenaDeals(SECRET, proves(0), store);
  const two = new ArenaDeals(SECRET, proves(1), store);
  const first = await one.deal(hourly, 1);
  const again = await two.deal(hourly, 1);
  expect(again).toEqual(first);
  expect(first).toMatchObject({ arenaId: hourly.id, deal: 1, variant: 'scorpion', candidate: 0, certifiedBy: 'fake' });
  expect(first.seed).toBe(arenaSeed(SECRET, hourly.id, 1, 0));
  expect(first.deck).toEqual(dealFromSeed('scorpion', first.seed));
});

test('the first winnable candidate is the deal, as for the daily', async () => {
  const deal = await new ArenaDeals(SECRET, proves(2), new MemoryStore()).deal(hourly, 1);
  expect(deal.candidate).toBe(2);
  expect(deal.certificate.verdict).toBe('winnable');
});

test('a deal is certified when first asked for, with the next one, and no further', async () => {
  const store = new MemoryStore();
  const certifier = proves(0);
  const deals = new ArenaDeals(SECRET, certifier, store);
  expect(store.rows.size).toBe(0);
  await deals.deal(hourly, 1);
  await settle();
  expect([...store.rows.keys()].sort()).toEqual([`${hourly.id}/1`, `${hourly.id}/2`]);
  await deals.deal(hourly, 2);
  await settle();
  expect(store.rows.size).toBe(3);
  expect(certifier.calls).toBe(3);
});

test('a thousand players reaching a deal at once share one certification', async () => {
  const certifier = proves(0);
  const deals = new ArenaDeals(SECRET, certifier, new MemoryStore());
  const all = await Promise.all(Array.from({ length: 1000 }, () => deals.deal(hourly, 5)));
  expect(new Set(all.map((d) => d.seed)).size).toBe(1);
  // Deal 5 and deal 6, made ready behind it.
  expect(certifier.calls).toBe(2);
});

test('the store keeps the candidate and its certificate, never a card', async () => {
  const store = new MemoryStore();
  await new ArenaDeals(SECRET, proves(0), store).deal(hourly, 1);
  expect(Object.keys(store.rows.get(`${hourly.id}/1`)!).sort()).toEqual(['candidate', 'certificate', 'certifiedBy']);
});

test('a solver that cannot answer refuses the deal, and the next ask tries again', async () => {
  let down = true;
  const certifier: Certifier = {
    name: 'flaky',
    certify: async () => {
      if (down) throw new CertifierUnavailable('restarting');
      return { verdict: 'winnable', nodes: 1, ms: 0 };
    },
  };
  const deals = new ArenaDeals(SECRET, certifier, new MemoryStore());
  await expect(deals.deal(hourly, 1)).rejects.toBeInstanceOf(CertifierUnavailable);
  down = false;
  await expect(deals.deal(hourly, 1)).resolves.toMatchObject({ deal: 1, candidate: 0 });
});

test('deals count from 1', () => {
  const deals = new ArenaDeals(SECRET, proves(0), new MemoryStore());
  expect(() => deals.deal(hourly, 0)).toThrow(RangeError);
  expect(() => deals.deal(hourly, 1.5)).toThrow(RangeError);
});

test('an arena forgotten is asked of the store again', async () => {
  const store = new MemoryStore();
  const deals = new ArenaDeals(SECRET, proves(0), store);
  const first = await deals.deal(hourly, 1);
  deals.forget(hourly.id);
  store.rows.clear();
  const second = await deals.deal(hourly, 1);
  expect(second.seed).toBe(first.seed);
  expect(store.rows.has(`${hourly.id}/1`)).toBe(true);
});
