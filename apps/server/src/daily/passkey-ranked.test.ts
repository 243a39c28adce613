import { DailyBoard, DailyStanding } from '@scorpion/protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SoftAuthenticator } from '../test/authenticator.ts';
import { TestClient } from '../test/client.ts';
import { fixedDeals, WINNING } from '../test/deals.ts';
import { TestDevice } from '../test/device.ts';
import { NEW_PLAYERS, type RunningServer, startServer } from '../test/helper.ts';
import { NEW_PLAYER_STARTED, NEW_PLAYER_UNRANKED } from './eligibility.ts';

/*
 * Issue #16: a ranked daily needs an identity older than the day's deal, "or one backed by a
 * passkey". A player made today ranks today's deal once a passkey backs them, and not before;
 * once their first attempt has started, a passkey ranks nothing more that day.
 */
let clock = Date.parse('2026-06-02T08:00:00Z');
let server: RunningServer;
let origin: string;

beforeAll(async () => {
  server = await startServer({ deals: fixedDeals, now: () => clock, signedUpAt: NEW_PLAYERS });
  // Passkeys need a domain, not an address: the page is at localhost, as in a browser.
  origin = server.url.replace('127.0.0.1', 'localhost');
});
afterAll(() => server.close());

async function standing(device: TestDevice): Promise<DailyStanding> {
  return DailyStanding.parse((await device.call('GET', '/api/me/daily')).body);
}

type Result = NonNullable<DailyStanding['unranked']>['result'];

/** What the standing says of a new player's first attempt: `message`, and its result once over. */
const newPlayer = (message: string, result: Result = null) => ({ reason: 'new-player', message, result });

async function addPasskey(device: TestDevice) {
  const authenticator = new SoftAuthenticator();
  const options = await device.call('POST', '/api/passkeys/options');
  const added = await device.call('POST', '/api/passkeys', { response: authenticator.create(options.body, origin) });
  expect(added.status).toBe(201);
}

test("a player made today ranks today's deal once a passkey backs them", async () => {
  const laptop = new TestDevice(server.url, { origin });
  expect((await laptop.call('POST', '/api/players', { nickname: 'Keyed' })).status).toBe(201);
  expect((await standing(laptop)).unranked).toEqual(newPlayer(NEW_PLAYER_UNRANKED));

  await addPasskey(laptop);
  expect((await standing(laptop)).unranked).toBeNull();

  const client = await TestClient.connect(server.wsUrl, laptop.cookie!);
  client.send({ type: 'daily-join' });
  expect((await client.next('game')).game).toMatchObject({
    kind: 'daily',
    ranked: true,
    daily: { date: '2026-06-02' },
  });
  client.socket.close();
});

test("a new player's unranked first daily: no passkey ranks it once started, and its result is theirs to see", async () => {
  const laptop = new TestDevice(server.url, { origin });
  expect((await laptop.call('POST', '/api/players', { nickname: 'Newbie' })).status).toBe(201);
  const client = await TestClient.connect(server.wsUrl, laptop.cookie!);
  client.send({ type: 'daily-join' });
  const { game } = await client.next('game');
  expect(game.ranked).toBe(false);
  // Under way: a passkey could no longer rank it, and nothing of a game in play is shown.
  expect((await standing(laptop)).unranked).toEqual(newPlayer(NEW_PLAYER_STARTED));

  clock += 4_000;
  await client.play(game, [WINNING.moves[0]]);
  client.send({ type: 'give-up', gameId: game.gameId });
  const over = (await client.next('game')).game;
  expect(over).toMatchObject({ status: 'gave-up', elapsedMs: 4_000 });
  const { progress, faceDown } = over;
  const result = { gameId: game.gameId, won: false, timeMs: 4_000, moves: 1, progress, faceDown };
  expect((await standing(laptop)).unranked).toEqual(newPlayer(NEW_PLAYER_STARTED, result));

  // A passkey now changes nothing today: the result stays unranked, and another go is practice.
  await addPasskey(laptop);
  expect((await standing(laptop)).unranked).toEqual(newPlayer(NEW_PLAYER_STARTED, result));
  client.send({ type: 'daily-join' });
  const again = (await client.next('game')).game;
  expect(again).toMatchObject({ ranked: false, seq: 0 });
  expect(again.gameId).not.toBe(game.gameId);
  // The standing keeps to the first attempt, not the practice one under way.
  expect((await standing(laptop)).unranked?.result).toEqual(result);
  const board = DailyBoard.parse((await laptop.call('GET', '/api/leaderboards/daily')).body);
  expect(board).toMatchObject({ played: 0, me: null });
  client.socket.close();
});
