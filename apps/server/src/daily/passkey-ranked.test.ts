import { DailyStanding } from '@scorpion/protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SoftAuthenticator } from '../test/authenticator.ts';
import { TestClient } from '../test/client.ts';
import { fixedDeals } from '../test/deals.ts';
import { TestDevice } from '../test/device.ts';
import { NEW_PLAYERS, type RunningServer, startServer } from '../test/helper.ts';
import { NEW_PLAYER_UNRANKED } from './eligibility.ts';

/*
 * Issue #16: a ranked daily needs an identity older than the day's deal, "or one backed by a
 * passkey". A player made today ranks today's deal once a passkey backs them, and not before.
 */
const clock = Date.parse('2026-06-02T08:00:00Z');
let server: RunningServer;
let origin: string;

beforeAll(async () => {
  server = await startServer({ deals: fixedDeals, now: () => clock, signedUpAt: NEW_PLAYERS });
  // Passkeys need a domain, not an address: the page is at localhost, as in a browser.
  origin = server.url.replace('127.0.0.1', 'localhost');
});
afterAll(() => server.close());

test("a player made today ranks today's deal once a passkey backs them", async () => {
  const laptop = new TestDevice(server.url, { origin });
  expect((await laptop.call('POST', '/api/players', { nickname: 'Keyed' })).status).toBe(201);
  const standing = async () => DailyStanding.parse((await laptop.call('GET', '/api/me/daily')).body);
  expect((await standing()).unranked).toEqual({ reason: 'new-player', message: NEW_PLAYER_UNRANKED });

  const authenticator = new SoftAuthenticator();
  const options = await laptop.call('POST', '/api/passkeys/options');
  const added = await laptop.call('POST', '/api/passkeys', { response: authenticator.create(options.body, origin) });
  expect(added.status).toBe(201);
  expect((await standing()).unranked).toBeNull();

  const client = await TestClient.connect(server.wsUrl, laptop.cookie!);
  client.send({ type: 'daily-join' });
  expect((await client.next('game')).game).toMatchObject({
    kind: 'daily',
    ranked: true,
    daily: { date: '2026-06-02' },
  });
  client.socket.close();
});
