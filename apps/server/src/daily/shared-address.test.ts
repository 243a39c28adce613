import { DailyBoard, DailyStanding } from '@scorpion/protocol';
import { expect, test } from 'vitest';
import { signUp, TestClient } from '../test/client.ts';
import { fixedDeals, WINNING } from '../test/deals.ts';
import { startServer } from '../test/helper.ts';
import { deviceCookie, getJson } from '../test/http.ts';
import { testPostgres } from '../test/postgres.ts';

/*
 * Issue #32: an address alone never keeps a result off the board. Two people of one household
 * (one address through a trusted proxy's X-Forwarded-For, as production reads it), each on their
 * own device, both play today's daily ranked, and both stand on the board with their ranks.
 */
const postgres = testPostgres('pg-shared-address');
const DAY = '2026-06-02';
const HOUSEHOLD = '203.0.113.7';

async function twoHonestPlayersOnOneAddress(databaseUrl?: string) {
  let clock = Date.parse(`${DAY}T08:00:00Z`);
  const server = await startServer({
    deals: fixedDeals,
    now: () => clock,
    trustProxy: true,
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  try {
    const players = [
      { ...(await signUp(server.url, 'Parent')), device: await deviceCookie(server.url) },
      { ...(await signUp(server.url, 'Child')), device: await deviceCookie(server.url) },
    ];
    // Both open the deal before either ends, as a family playing at the breakfast table would.
    const opened = await Promise.all(
      players.map(async (p) => {
        const client = await TestClient.connect(server.wsUrl, `${p.cookie}; ${p.device}`, { forwardedFor: HOUSEHOLD });
        client.send({ type: 'daily-join' });
        return { client, game: (await client.next('game')).game };
      }),
    );
    for (const [i, { client, game }] of opened.entries()) {
      expect(game).toMatchObject({ kind: 'daily', ranked: true });
      clock += (i + 1) * 30_000;
      expect((await client.play(game, WINNING.moves)).status).toBe('won');
      client.socket.close();
    }
    for (const p of players) {
      expect((await getJson(`${server.url}/api/me/daily`, DailyStanding, p.cookie)).body.flagged).toBeNull();
    }
    const board = await getJson(`${server.url}/api/leaderboards/daily?date=${DAY}`, DailyBoard, players[1]!.cookie);
    expect(board.body).toMatchObject({ played: 2, won: 2, me: { rank: 2, nickname: 'Child' } });
    expect(board.body.rows.map((r) => [r.rank, r.nickname])).toEqual([
      [1, 'Parent'],
      [2, 'Child'],
    ]);
  } finally {
    await server.close();
  }
}

test('on SQLite: two players behind one address, on two devices, are both ranked and on the board', async () => {
  await twoHonestPlayersOnOneAddress();
});

test('on PostgreSQL: two players behind one address, on two devices, are both ranked and on the board', async () => {
  await twoHonestPlayersOnOneAddress(postgres.url);
}, 60_000);
