import { DAILY_SEED } from './fixtures/deals.ts';
import { screenshots, serverDate } from './helpers.ts';
import { expect, test } from './test.ts';

test("a past daily has a page of its own: its day's board, its deal to play late as practice, its late board", async ({
  page,
}) => {
  await page.goto('/rules');
  expect((await page.request.post('/api/players', { data: { nickname: 'Lata' } })).status()).toBe(201);
  const yesterday = await serverDate(page, -1);
  const today = await serverDate(page);

  // From the daily leaderboard of that day.
  await page.goto(`/leaderboards?tab=daily&date=${yesterday}`);
  await page.getByRole('link', { name: "Play this day's deal (unranked)" }).click();
  await expect(page).toHaveURL(new RegExp(`/daily/${yesterday}$`));
  const past = page.getByTestId('past-daily');
  await expect(past.getByRole('heading', { level: 1 })).toContainText(yesterday);
  await expect(past.getByRole('heading', { name: 'On the day' })).toBeVisible();
  await expect(past.getByRole('heading', { name: 'Played late' })).toBeVisible();
  await expect(past.getByText('Nobody has solved it late yet.')).toBeVisible();
  await screenshots(page, '60-past-daily');

  // Played late: practice on the day's own seed, on the server (timed), never ranked.
  await past.getByRole('link', { name: 'Play this deal (unranked)' }).click();
  await expect(page).toHaveURL(new RegExp(`/practice\\?variant=\\w+&seed=${DAILY_SEED}`));
  await expect(page.getByTestId('seed')).toHaveText(DAILY_SEED);
  await expect(page.locator('.stat', { hasText: 'Time' })).toBeVisible();

  // Today's is still open: no deal to play here, and no late board.
  await page.goto(`/daily/${today}`);
  await expect(page.getByText('This day is still open')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Play this deal (unranked)' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Played late' })).toHaveCount(0);
});
