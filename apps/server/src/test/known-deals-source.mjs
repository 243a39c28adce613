// What `known-deals.mjs` puts in place of the built `deals/source.js`: the daily as production
// deals it, every fresh deal the known winning one (as `fixedDeals` in `deals.ts` does in-process).
import { readFileSync } from 'node:fs';
import { parseDeck } from '@scorpion/rules';
// The query makes it another URL than the one the hook redirects: the real module, loaded once.
import { secretDeals as productionDeals } from '../../dist/deals/source.js?production';

const WINNING = JSON.parse(readFileSync(new URL('./fixtures/winning-scorpion.json', import.meta.url), 'utf8'));
const DECK = parseDeck(WINNING.deck, 1);
/** The seed `fixedDeals` claims too; never sent to a client before the game is over. */
const SEED = '5eed5eed5eed5eed5eed5eed5eed5eed';

export function secretDeals(secret) {
  return { daily: productionDeals(secret).daily, fresh: () => ({ seed: SEED, deck: DECK }) };
}
