import { DailyInfo, PublicGame, RoomHistory } from '@scorpion/protocol';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { gate } from './secrecy.ts';
import { FIXED_SEED, fixedDeals } from './test/deals.ts';
import { type RunningServer, startServer } from './test/helper.ts';
import { getJson } from './test/http.ts';
import { joinRoom, openRoom, players, roomWhere } from './test/rooms.ts';

/*
 * Every road a seed can leave by, frames and REST alike, asks the one gate (`secrecy.ts`), and
 * the gate says what goes: nothing while the deal is not public.
 */

let server: RunningServer;
const disclose = vi.spyOn(gate, 'disclose');
const require = vi.spyOn(gate, 'require');

beforeAll(async () => {
  server = await startServer({ deals: fixedDeals, countdownMs: 50 });
});
afterAll(() => server.close());

/** What the gate was asked since the last look: whether each deal was public. */
function asked(spy: typeof disclose | typeof require): boolean[] {
  const shown = spy.mock.calls.map(([isPublic]) => isPublic);
  spy.mockClear();
  return shown;
}

test('the gate withholds every secret while the deal is not public, and builds none', () => {
  const secrets = vi.fn(() => ({ seed: FIXED_SEED }));
  expect(gate.disclose(false, secrets)).toBeNull();
  expect(secrets).not.toHaveBeenCalled();
  expect(gate.disclose(true, secrets)).toStrictEqual({ seed: FIXED_SEED });
  expect(() => gate.require(false, secrets, 'race R')).toThrow('race R is not public');
  expect(gate.require(true, secrets, 'race R')).toStrictEqual({ seed: FIXED_SEED });
});

test("a game's frames and its public REST record ask the gate: withheld while played, shown once over", async () => {
  const [pia] = await players(server, 'Gated Pia');
  const { client } = pia!;
  asked(disclose);
  client.send({ type: 'practice-start', variant: 'scorpion', options: { foundations: false, open: false } });
  const game = (await client.next('game')).game;
  expect(game).toMatchObject({ seed: null, record: null });
  expect(asked(disclose)).toStrictEqual([false, false]);

  const hidden = await fetch(`${server.url}/api/games/${game.gameId}`);
  expect(hidden.ok).toBe(false);
  expect(asked(disclose)).toStrictEqual([false]);

  client.send({ type: 'give-up', gameId: game.gameId });
  const over = (await client.next('game')).game;
  expect(over.seed).toBe(FIXED_SEED);
  expect(asked(disclose)).toStrictEqual([true, true]);
  const shown = (await getJson(`${server.url}/api/games/${game.gameId}`, PublicGame)).body;
  expect(shown.seed).toBe(FIXED_SEED);
  expect(asked(disclose)).toStrictEqual([true]);
});

test("the daily's REST asks the gate: today's deal is withheld", async () => {
  asked(disclose);
  const today = (await getJson(`${server.url}/api/daily`, DailyInfo)).body;
  expect(today).toMatchObject({ public: false, seed: null, deck: null, solution: null });
  expect(asked(disclose)).toStrictEqual([false]);
});

test("a race's end and its room's history ask the gate once the race is over", async () => {
  const [host, guest] = await players(server, 'Gated Host', 'Gated Guest');
  const code = await openRoom(host!.client);
  await joinRoom(guest!.client, code);
  host!.client.send({ type: 'room-start', code });
  const games = await Promise.all([host!.client.next('game'), guest!.client.next('game')]);
  await roomWhere(host!.client, (room) => room.status === 'racing');
  asked(require);
  for (const [i, { game }] of games.entries()) [host, guest][i]!.client.send({ type: 'give-up', gameId: game.gameId });
  expect((await host!.client.next('race-over')).seed).toBe(FIXED_SEED);
  expect(asked(require)).toStrictEqual([true]);

  asked(disclose);
  const history = (await getJson(`${server.url}/api/rooms/${code}/races`, RoomHistory)).body;
  expect(history.races.map((race) => race.seed)).toStrictEqual([FIXED_SEED]);
  expect(asked(disclose)).toStrictEqual([true]);
});
