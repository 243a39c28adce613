import { expect, test } from '@playwright/test';
import type { AllTimeBoard } from '../packages/protocol/src/index.ts';
import { failOnThrown } from './helpers.ts';

failOnThrown();

/** `count` players of an all-time board, ranked from `from`. */
function allTimeRows(from: number, count: number): AllTimeBoard['rows'] {
  return Array.from({ length: count }, (_, i) => ({
    rank: from + i,
    playerId: `player-${from + i}`,
    nickname: `Streaker ${from + i}`,
    dailyWins: 30 - i,
    dailyPlayed: 30,
    currentStreak: 5,
    bestStreak: 40 - i,
    bestTimeMs: 90_000,
    date: null,
  }));
}

test('the all-time board pages on past its first twenty players, and keeps the board picked', async ({ page }) => {
  // Twenty-three players with daily results would take a minute of dailies to set up: the
  // server's all-time board is stood in for, page by page, and the pages asked for recorded.
  const asked: string[] = [];
  await page.route('**/api/leaderboards/all-time?*', (route) => {
    const query = new URL(route.request().url()).searchParams;
    asked.push(query.toString());
    const n = Number(query.get('page'));
    const body: AllTimeBoard = {
      board: query.get('board') as AllTimeBoard['board'],
      page: n,
      pageSize: 20,
      rows: n === 1 ? allTimeRows(1, 20) : allTimeRows(21, 3),
    };
    return route.fulfill({ json: body });
  });
  await page.goto('/leaderboards?tab=all-time');
  await page.getByRole('button', { name: 'Longest streak' }).click();
  await expect(page.locator('tbody tr')).toHaveCount(20);
  await expect(page.getByRole('button', { name: '← Previous' })).toBeDisabled();

  await page.getByRole('button', { name: 'Next →' }).click();
  await expect(page.locator('tbody tr')).toHaveCount(3);
  await expect(page.locator('tbody tr').first()).toContainText('Streaker 21');
  await expect(page).toHaveURL(/[?&]board=streak(&|$)/);
  expect(asked.at(-1)).toBe('board=streak&page=2');
  // Three players on a page of twenty: the last page.
  await expect(page.getByRole('button', { name: 'Next →' })).toBeDisabled();
  await page.getByRole('button', { name: '← Previous' }).click();
  await expect(page.locator('tbody tr')).toHaveCount(20);
  expect(asked.at(-1)).toBe('board=streak&page=1');
});

test('a board page past its end says so, not "nobody", and leads back to the first page', async ({ page }) => {
  await page.goto('/leaderboards?tab=daily&page=50');
  await expect(page.getByText('This board has no page 50.')).toBeVisible();
  await expect(page.getByText('Nobody has a result for this day yet.')).toHaveCount(0);
  await page.getByRole('button', { name: '← First page' }).click();
  await expect(page).toHaveURL(/[?&]page=1(&|$)/);
  await expect(page.getByText('This board has no page')).toHaveCount(0);

  await page.goto('/leaderboards?tab=ratings&page=50');
  await expect(page.getByText('This board has no page 50.')).toBeVisible();
  await expect(page.getByText('Nobody has played a rated race yet.')).toHaveCount(0);
});
