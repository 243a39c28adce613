import { createHmac } from 'node:crypto';
import { dealFromSeed } from '@scorpion/rules';
import { expect, test } from 'vitest';
import { secretDeals } from './source.ts';

const SECRET = 'a-server-secret-of-at-least-32-characters';

test('the daily seed is the HMAC of the date and candidate under the secret, and the deck follows it', () => {
  const deal = secretDeals(SECRET).daily('scorpion', '2026-11-23', 0);
  const expected = createHmac('sha256', SECRET).update('daily:2026-11-23:0').digest('hex').slice(0, 32);
  expect(deal.seed).toBe(expected);
  expect(deal.seed).toMatch(/^[0-9a-f]{32}$/);
  expect(deal.deck).toEqual(dealFromSeed('scorpion', expected));
});

test('the same day gives the same deal; another day, candidate or secret gives another', () => {
  const deals = secretDeals(SECRET);
  const seed = deals.daily('scorpion', '2026-11-23', 0).seed;
  expect(secretDeals(SECRET).daily('scorpion', '2026-11-23', 0).seed).toBe(seed);
  expect(deals.daily('scorpion', '2026-11-24', 0).seed).not.toBe(seed);
  expect(deals.daily('scorpion', '2026-11-23', 1).seed).not.toBe(seed);
  expect(secretDeals(`${SECRET}!`).daily('scorpion', '2026-11-23', 0).seed).not.toBe(seed);
});

test('fresh race deals come from crypto: a new seed every time', () => {
  const deals = secretDeals(SECRET);
  const seeds = new Set(Array.from({ length: 50 }, () => deals.fresh('scorpion').seed));
  expect(seeds.size).toBe(50);
  const deal = deals.fresh('wasp');
  expect(deal.deck).toEqual(dealFromSeed('wasp', deal.seed));
});
