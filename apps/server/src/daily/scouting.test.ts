import { DailyBoard, DailyStanding, isGuestNickname, PlayerResponse } from '@scorpion/protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { z } from 'zod';
import { signUp, TestClient } from '../test/client.ts';
import { fixedDeals, WINNING } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { deviceCookie, getJson } from '../test/http.ts';
import { playOn } from '../test/play.ts';

/*
 * Issue #16's scouting attack, on the real server as production runs it (issue #32: only a
 * shared device flags a result, never an address, and a newcomer's first daily is ranked):
 * sockets counted by their address (through a trusted proxy's X-Forwarded-For,
 * so one test can play from several addresses).
 */
const DAY = '2026-06-02';
let clock = Date.UTC(2026, 5, 1, 20, 0, 0);
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({
    deals: fixedDeals,
    now: () => clock,
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

test('twelve spare identities from one address each play ranked, as any newcomer; a ranked result from that address, on another device, stays on the board', async () => {
  // Made the evening before the deal came out.
  const main = await signUp(server.url, 'Main');
  const honest = await signUp(server.url, 'Honest');
  clock = Date.parse(`${DAY}T08:00:00Z`);

  // Twelve throwaway identities, made today, each open the deal and play at it: a newcomer's
  // first daily is ranked (issue #32), so each gave-up attempt is a result on the board.
  for (let i = 0; i < 12; i++) {
    const spare = await signUp(server.url, `Spare${i}`);
    const { client, game } = await openDaily(spare.cookie, HOME);
    expect(game).toMatchObject({ kind: 'daily', ranked: true, daily: { date: DAY } });
    const played = await playOn(client, game, 4);
    client.send({ type: 'give-up', gameId: played.gameId });
    expect((await client.next('game')).game).toMatchObject({ status: 'gave-up', ranked: true });
    client.socket.close();
  }
  expect((await get(`/api/leaderboards/daily?date=${DAY}`, DailyBoard)).body).toMatchObject({ played: 12, won: 0 });

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
    flagged: null,
    review: null,
  });

  // A player from another address ranks as ever, after the faster win.
  const theirs = await openDaily(honest.cookie, ELSEWHERE);
  expect(theirs.game).toMatchObject({ ranked: true });
  clock += 60_000;
  expect((await theirs.client.play(theirs.game, WINNING.moves)).status).toBe('won');
  theirs.client.socket.close();
  const after = await get(`/api/leaderboards/daily?date=${DAY}&pageSize=2`, DailyBoard, honest.cookie);
  expect(after.body).toMatchObject({ played: 14, won: 2, me: { rank: 2, nickname: 'Honest' } });
  expect(after.body.rows.map((r) => r.nickname)).toEqual(['Main', 'Honest']);
});

test('a device that opened the deal under another identity flags a result from any address', async () => {
  const device = await deviceCookie(server.url);
  clock = Date.parse(`${DAY}T09:00:00Z`);
  const spare = await signUp(server.url, 'DeviceSpare');
  await openDaily(`${spare.cookie}; ${device}`, '192.0.2.1').then(({ client }) => client.socket.close());
  // The roamer opens today's deal on that device (from another network).
  clock = Date.parse(`${DAY}T09:30:00Z`);
  const roamer = await signUp(server.url, 'Roamer');
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
  const board = (await get(`/api/leaderboards/daily?date=${DAY}&pageSize=100`, DailyBoard)).body;
  expect(board.played).toBe(14);
  expect(board.rows.map((r) => r.nickname)).not.toContain('Roamer');
});

test("a guest's first daily is ranked and on the board under a neutral name, and under their own once they name themselves", async () => {
  clock = Date.parse(`${DAY}T10:00:00Z`);
  const response = await fetch(`${server.url}/api/players`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(201);
  const guest = PlayerResponse.parse(await response.json()).player;
  expect(isGuestNickname(guest.nickname)).toBe(true);
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith('scorpion_id='))!
    .split(';')[0]!;

  const { client, game } = await openDaily(cookie, '192.0.2.50');
  expect(game.ranked).toBe(true);
  clock += 2_000;
  expect((await client.play(game, WINNING.moves)).status).toBe('won');
  client.socket.close();
  const board = () => get(`/api/leaderboards/daily?date=${DAY}&pageSize=1`, DailyBoard, cookie);
  expect((await board()).body.me).toMatchObject({ rank: 2, nickname: guest.nickname, won: true });

  const rename = (nickname: string) =>
    fetch(`${server.url}/api/me`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ nickname }),
    });
  expect((await rename('Newcomer')).status).toBe(200);
  expect((await board()).body.me).toMatchObject({ rank: 2, nickname: 'Newcomer', playerId: guest.id });
  // Nobody picks a guest's name: it would pass for someone who has not named themselves.
  expect((await rename('Guest 000001')).status).toBe(400);
});

test('the standing needs a player', async () => {
  expect((await fetch(`${server.url}/api/me/daily`)).status).toBe(401);
});
