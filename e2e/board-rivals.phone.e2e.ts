import type { AllTimeBoard } from '../packages/protocol/src/index.ts';
import { failOnThrown, screenshots } from './helpers.ts';
import { expect, test } from './test.ts';

failOnThrown();

test("on a phone the header keeps the player's name, and 'vs you' leads only to players raced", async ({
  context,
  page,
}) => {
  await page.goto('/rules');
  const signedUp = await context.request.post('/api/players', { data: { nickname: 'Rivalry Rae' } });
  expect(signedUp.status()).toBe(201);
  const { player } = (await signedUp.json()) as { player: { id: string } };
  await page.reload();
  await expect(page.locator('header').getByRole('button', { name: 'Rivalry Rae' })).toBeVisible();

  // The server says whom on the page the caller has raced: only Ben.
  await page.route('**/api/leaderboards/all-time?*', (route) => {
    const row = (rank: number, playerId: string, nickname: string) => ({
      rank,
      playerId,
      nickname,
      dailyWins: 10 - rank,
      dailyPlayed: 10,
      currentStreak: 1,
      bestStreak: 2,
      bestTimeMs: 60_000 + rank,
      date: null,
    });
    const body: AllTimeBoard = {
      board: 'wins',
      page: 1,
      pageSize: 20,
      rows: [row(1, 'ann-id', 'Ann'), row(2, 'ben-id', 'Ben'), row(3, player.id, 'Rivalry Rae')],
      raced: ['ben-id'],
    };
    return route.fulfill({ json: body });
  });
  await page.goto('/leaderboards?tab=all-time');
  await expect(page.locator('tbody tr')).toHaveCount(3);
  await expect(page.getByRole('link', { name: 'vs you' })).toHaveCount(1);
  await expect(page.locator('tbody tr', { hasText: 'Ben' }).getByRole('link', { name: 'vs you' })).toBeVisible();
  await expect(page.getByTestId('board-order')).toContainText('a tie goes to the faster best time');
  await expect(page.locator('header').getByRole('button', { name: 'Rivalry Rae' })).toBeVisible();
  await screenshots(page, '61-all-time-phone-header');
});
