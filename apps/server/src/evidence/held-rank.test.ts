import { DailyBoard, DailyStanding } from '@scorpion/protocol';
import { createSolverPool, type SolverPool } from '@scorpion/solver';
import { afterAll, expect, test } from 'vitest';
import { signUp, TestClient } from '../test/client.ts';
import { fixedDeals, WINNING } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { getJson } from '../test/http.ts';

/*
 * A player's own rank is cached for 15 s (routes/rank-cache.ts); a result the evidence holds
 * must leave it at once, or the board would go on ranking a result the player is told is under
 * review. The clock stands still from the rank's first reading to the end: only the hold can
 * have dropped it.
 */
const DAY = '2026-06-02';
/** Below the score of a straight win that knows the deal (runner.test.ts): this one is held. */
const HOLD_FOR_TEST = 0.25;

const pool = createSolverPool({ threads: 1 });
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.close();
  await pool.close();
});

test('the board stops ranking a held result at once, and the player reads "under review" on the same clock', async () => {
  let clock = Date.parse('2026-06-01T20:00:00Z');
  // The real pool, asked only once the test has read the rank: the hold lands after it.
  let weigh: () => void = () => {};
  const asked = new Promise<void>((resolve) => {
    weigh = resolve;
  });
  const gated: Pick<SolverPool, 'evidence'> = {
    evidence: async (...args) => {
      await asked;
      return pool.evidence(...args);
    },
  };
  server = await startServer({
    deals: fixedDeals,
    now: () => clock,
    evidence: {
      pool: gated,
      budgets: { analysis: { nodes: 100_000, ms: 600_000, tableMegabytes: 8 } },
      holdScore: HOLD_FOR_TEST,
    },
  });
  const main = await signUp(server.url, 'Main');
  clock = Date.parse(`${DAY}T08:00:00Z`);
  const client = await TestClient.connect(server.wsUrl, main.cookie);
  client.send({ type: 'daily-join' });
  const game = (await client.next('game')).game;
  const won = await client.play(game, WINNING.moves);
  expect(won.status).toBe('won');
  client.socket.close();

  const url = server.url;
  const mine = async () =>
    (await getJson(`${url}/api/leaderboards/daily?date=${DAY}`, DailyBoard, main.cookie)).body.me;
  const review = async () => (await getJson(`${url}/api/me/daily`, DailyStanding, main.cookie)).body.review;
  expect(await mine()).toMatchObject({ rank: 1, gameId: won.gameId });
  expect(await review()).toBeNull();

  weigh();
  await server.app.evidence!.idle();
  expect((await server.app.repos.evidence.get(won.gameId))?.held).toBe('held');
  expect(await mine()).toBeNull();
  expect(await review()).toMatchObject({ gameId: won.gameId });
}, 120_000);
