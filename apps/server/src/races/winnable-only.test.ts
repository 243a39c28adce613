import { dealFromSeed } from '@scorpion/rules';
import { certifyDeal } from '@scorpion/solver';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Certificate, Certifier } from '../deals/certify.ts';
import { CERTIFY_BUDGET, solverCertifier } from '../deals/solver-certifier.ts';
import { type DealSource, secretDeals } from '../deals/source.ts';
import { signUp, TestClient } from '../test/client.ts';
import { type RunningServer, startServer } from '../test/helper.ts';

/** Every certificate the solver gave, in order, with the deck it was for. */
const certified: { deck: readonly number[]; certificate: Certificate }[] = [];
let server: RunningServer;

beforeAll(async () => {
  // The production node budget without its time limit: the same verdicts on a loaded machine.
  const inProcess = { certify: async (...args: Parameters<typeof certifyDeal>) => certifyDeal(...args) };
  const solver = solverCertifier(inProcess, { ...CERTIFY_BUDGET, ms: 600_000 });
  const spy: Certifier = {
    name: solver.name,
    async certify(variant, options, deck) {
      const certificate = await solver.certify(variant, options, deck);
      certified.push({ deck, certificate });
      return certificate;
    },
  };
  // Fresh race deals from a counter, so the test meets the same candidates every run.
  let next = 0;
  const counted: DealSource = {
    ...secretDeals('unused'),
    fresh(variant) {
      const seed = (next++).toString(16).padStart(32, '0');
      return { seed, deck: dealFromSeed(variant, seed) };
    },
  };
  server = await startServer({ certifier: spy, deals: counted, countdownMs: 50 });
});
afterAll(() => server.close());

async function race(winnableOnly: boolean): Promise<string> {
  const alice = await signUp(server.url, `Sure Alice ${winnableOnly}`);
  const bob = await signUp(server.url, `Sure Bob ${winnableOnly}`);
  const a = await TestClient.connect(server.wsUrl, alice.cookie);
  const b = await TestClient.connect(server.wsUrl, bob.cookie);
  const options = { foundations: false, open: false };
  a.send({ type: 'room-create', variant: 'scorpion', options, timeLimit: 0, winnableOnly });
  const room = (await a.next('room')).room;
  expect(room.winnableOnly).toBe(winnableOnly);
  b.send({ type: 'room-join', code: room.code });
  await b.next('room');
  a.send({ type: 'room-start', code: room.code });
  const aGame = (await a.next('game', (g) => g.game.kind === 'race')).game;
  const bGame = (await b.next('game', (g) => g.game.kind === 'race')).game;
  // 'racing' is only announced once the server's clock is past the start (see go-signal.test.ts).
  await a.next('room', (r) => r.room.status === 'racing');
  a.send({ type: 'give-up', gameId: aGame.gameId });
  b.send({ type: 'give-up', gameId: bGame.gameId });
  const { seed } = await a.next('race-over');
  await a.close();
  await b.close();
  return seed;
}

test('a "winnable deals only" race is dealt a deal the solver proved winnable; other races ask nobody', async () => {
  const seed = await race(true);
  const proven = certified.filter((c) => c.certificate.verdict === 'winnable');
  expect(proven).toHaveLength(1);
  expect(proven[0]!.deck).toEqual(dealFromSeed('scorpion', seed));
  expect(certified.at(-1)).toBe(proven[0]);

  const asked = certified.length;
  await race(false);
  expect(certified).toHaveLength(asked);
});
