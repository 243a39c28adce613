import { AllTimeBoard } from '@scorpion/protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUp, TestClient } from '../test/client.ts';
import { fixedDeals, WINNING } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { getJson } from '../test/http.ts';

const DAY = 86_400_000;
let server: RunningServer;
let clock = Date.UTC(2026, 6, 1, 9, 0, 0);

beforeAll(async () => {
  server = await startServer({ deals: fixedDeals, now: () => clock });
});
afterAll(() => server.close());

async function playDaily(client: TestClient, win: boolean): Promise<void> {
  client.send({ type: 'daily-join' });
  let game = (await client.next('game')).game;
  if (win) {
    for (const move of WINNING.moves) game = await client.play(game, [move]);
    expect(game.status).toBe('won');
    return;
  }
  game = await client.play(game, [WINNING.moves[0]]);
  client.send({ type: 'give-up', gameId: game.gameId });
  expect((await client.next('game')).game.status).toBe('gave-up');
}

async function aliceOnStreakBoard() {
  const board = await getJson(`${server.url}/api/leaderboards/all-time?board=streak`, AllTimeBoard);
  return board.body.rows.find((r) => r.nickname === 'Alice');
}

test('daily streaks: wins on following days add up, a loss breaks the current one, a missed day ends it', async () => {
  const alice = await signUp(server.url, 'Alice');
  const a = await TestClient.connect(server.wsUrl, alice.cookie);

  for (const day of [1, 2, 3]) {
    await playDaily(a, true);
    expect(await aliceOnStreakBoard()).toMatchObject({ currentStreak: day, bestStreak: day, dailyWins: day });
    clock += DAY;
  }
  await playDaily(a, false);
  expect(await aliceOnStreakBoard()).toMatchObject({ currentStreak: 0, bestStreak: 3, dailyPlayed: 4 });
  clock += DAY;
  await playDaily(a, true);
  expect(await aliceOnStreakBoard()).toMatchObject({ currentStreak: 1, bestStreak: 3, dailyWins: 4 });

  // The next day the streak still stands (today's daily may yet be won); a day later it is gone.
  clock += DAY;
  expect(await aliceOnStreakBoard()).toMatchObject({ currentStreak: 1, bestStreak: 3 });
  clock += DAY;
  expect(await aliceOnStreakBoard()).toMatchObject({ currentStreak: 0, bestStreak: 3 });
  await a.close();
});
