import { DailyBoard, DailyStanding } from '@scorpion/protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { z } from 'zod';
import { signUp, TestClient } from '../test/client.ts';
import { fixedDeals, WINNING } from '../test/deals.ts';
import { NEW_PLAYERS, type RunningServer, SHARED_ADDRESS, startServer } from '../test/helper.ts';
import { deviceCookie, getJson } from '../test/http.ts';
import { playOn } from '../test/play.ts';
import { NEW_PLAYER_UNRANKED } from './eligibility.ts';

/*
 * Issue #16's scouting attack, on the real server as production runs it (issue #32: only a
 * shared device flags a result, never an address): players signed up at the
 * server's clock and sockets counted by their address (through a trusted proxy's X-Forwarded-For,
 * so one test can play from several addresses).
 */
const DAY = '2026-06-02';
let clock = Date.UTC(2026, 5, 1, 20, 0, 0);
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({
    deals: fixedDeals,
    now: () => clock,
    signedUpAt: NEW_PLAYERS,
    addressOf: SHARED_ADDRESS,
    trustProxy: true,
  });
});
afterAll(() => server.close());

const get = <S extends z.ZodType>(path: string, schema: S, cookie?: string) =>
  getJson(`${server.url}${path}`, schema, cookie);

/** The player's game of today's deal, opened from `address`. */
async function openDaily(cookie: string, address: string) {
  const client = await TestClient.connect(server.wsUrl, cookie, { forwardedFor: address });
  client.send({ type: 'daily-join' });
  return { client, game: (await client.next('game')).game };
}

const HOME = '203.0.113.7';
const ELSEWHERE = '198.51.100.20';

test('twelve spare identities from one address get unranked games; a ranked result from that address, on another device, stays on the board', async () => {
  // Made the evening before the deal came out: both may rank it.
  const main = await signUp(server.url, 'Main');
  const honest = await signUp(server.url, 'Honest');
  clock = Date.parse(`${DAY}T08:00:00Z`);

  // Twelve throwaway identities, made today, each open the deal and play at it.
  for (let i = 0; i < 12; i++) {
    const spare = await signUp(server.url, `Spare${i}`);
    expect(await get('/api/me/daily', DailyStanding, spare.cookie)).toMatchObject({
      status: 200,
      body: { date: DAY, unranked: { reason: 'new-player', message: NEW_PLAYER_UNRANKED }, flagged: null },
    });
    const { client, game } = await openDaily(spare.cookie, HOME);
    expect(game).toMatchObject({ kind: 'daily', ranked: false, daily: { date: DAY } });
    const played = await playOn(client, game, 4);
    client.send({ type: 'give-up', gameId: played.gameId });
    expect((await client.next('game')).game).toMatchObject({ status: 'gave-up', ranked: false });
    client.socket.close();
  }
  // Unranked games store no result: the board is empty.
  expect((await get(`/api/leaderboards/daily?date=${DAY}`, DailyBoard)).body).toMatchObject({ played: 0, won: 0 });

  // The old identity, from the scouts' address, gets its ranked attempt and wins it: the address
  // is shared by every household and school, so it keeps nobody off the board (the moves are the
  // evidence that catches a scout, issue #32).
  const mine = await openDaily(`${main.cookie}; ${await deviceCookie(server.url)}`, HOME);
  expect(mine.game).toMatchObject({ ranked: true });
  clock += 1_000;
  const won = await mine.client.play(mine.game, WINNING.moves);
  expect(won.status).toBe('won');
  mine.client.socket.close();
  expect((await get('/api/me/daily', DailyStanding, main.cookie)).body).toEqual({
    date: DAY,
    unranked: null,
    flagged: null,
  });

  // A player from another address ranks as ever, after the faster win.
  const theirs = await openDaily(honest.cookie, ELSEWHERE);
  expect(theirs.game).toMatchObject({ ranked: true });
  clock += 60_000;
  expect((await theirs.client.play(theirs.game, WINNING.moves)).status).toBe('won');
  theirs.client.socket.close();
  const after = await get(`/api/leaderboards/daily?date=${DAY}`, DailyBoard, honest.cookie);
  expect(after.body).toMatchObject({ played: 2, won: 2, me: { rank: 2, nickname: 'Honest' } });
  expect(after.body.rows.map((r) => r.nickname)).toEqual(['Main', 'Honest']);
});

test('a device that opened the deal under another identity flags a result from any address', async () => {
  const device = await deviceCookie(server.url);
  clock = Date.parse(`${DAY}T09:00:00Z`);
  const spare = await signUp(server.url, 'DeviceSpare');
  await openDaily(`${spare.cookie}; ${device}`, '192.0.2.1').then(({ client }) => client.socket.close());
  // The roamer signed up yesterday, yet opened today's deal on that device (from another network).
  clock = Date.parse('2026-06-01T21:00:00Z');
  const roamer = await signUp(server.url, 'Roamer');
  clock = Date.parse(`${DAY}T09:30:00Z`);
  const { client, game } = await openDaily(`${roamer.cookie}; ${device}`, '192.0.2.99');
  expect(game.ranked).toBe(true);
  client.send({ type: 'give-up', gameId: game.gameId });
  await client.next('game');
  client.socket.close();
  expect((await get('/api/me/daily', DailyStanding, roamer.cookie)).body.flagged).toMatchObject({
    reason: 'device',
    won: false,
    message: expect.stringContaining('from this device'),
  });
  expect((await get(`/api/leaderboards/daily?date=${DAY}`, DailyBoard)).body.rows.map((r) => r.nickname)).toEqual([
    'Main',
    'Honest',
  ]);
});

test("a new identity's first daily is unranked; the next day's is ranked", async () => {
  clock = Date.parse(`${DAY}T10:00:00Z`);
  const newcomer = await signUp(server.url, 'Newcomer');
  const today = await openDaily(newcomer.cookie, '192.0.2.50');
  expect(today.game.ranked).toBe(false);
  today.client.socket.close();
  clock = Date.parse('2026-06-03T10:00:00Z');
  expect((await get('/api/me/daily', DailyStanding, newcomer.cookie)).body).toEqual({
    date: '2026-06-03',
    unranked: null,
    flagged: null,
  });
  const tomorrow = await openDaily(newcomer.cookie, '192.0.2.50');
  expect(tomorrow.game).toMatchObject({ ranked: true, daily: { date: '2026-06-03' } });
  tomorrow.client.socket.close();
});

test('the standing needs a player', async () => {
  expect((await fetch(`${server.url}/api/me/daily`)).status).toBe(401);
});
