import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { pickNickname, raceUnderway, screenshots } from './helpers.ts';
import { expect, test } from './test.ts';

async function player(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

async function giveUp(page: Page) {
  await page.getByRole('button', { name: 'Give up' }).click();
  await page.getByRole('button', { name: 'Really give up?' }).click();
}

test('a rated best-of-3 room: ratings after the race, the series score, the profile chart and the rating board', async ({
  browser,
}) => {
  // Three races and four players' pages: the default 90 s ran out once on a loaded machine.
  test.setTimeout(180_000);
  const host = await player(browser, '/race');
  await host.getByLabel('Best of 3').check();
  await host.getByRole('checkbox', { name: /^Rated/ }).check();
  await host.getByRole('button', { name: 'Create room' }).click();
  await pickNickname(host, 'Rating Host');
  await expect(host).toHaveURL(/\/r\/[A-Z0-9]{6}$/);

  // The guest sees before the race that it is rated, and a series.
  const guest = await player(browser, host.url());
  await guest.getByRole('button', { name: 'Pick a nickname and join' }).click();
  await pickNickname(guest, 'Rating Guest');
  await expect(guest.getByText(/^Rated · best of 3 · /)).toBeVisible();
  await expect(host.getByTestId('room-members')).toContainText('Rating Guest');

  await host.getByRole('button', { name: 'Start the race' }).click();
  for (const page of [host, guest]) await raceUnderway(page);
  await giveUp(guest);
  await giveUp(host);

  // Both left the game: a shared last place, rated (each one rated race, provisional), no series point.
  for (const page of [host, guest]) {
    const results = page.getByTestId('race-results');
    await expect(results.getByRole('columnheader', { name: 'Rating' })).toBeVisible();
    await expect(results.locator('tbody tr').first()).toContainText('1500?');
    await expect(page.getByTestId('series-score')).toContainText('Best of 3');
  }
  await screenshots(host, '30-rated-series-results');
  await expectAccessible(host, 'rated series results');

  // The host's name in the results leads to their profile: a rating, and its chart.
  await guest.getByTestId('race-results').getByRole('link', { name: 'Rating Host', exact: true }).click();
  await expect(guest).toHaveURL(/\/p\/Rating%20Host$/);
  await expect(guest.getByTestId('profile-rating')).toContainText('1500?');
  await expect(guest.getByTestId('profile-rating')).toContainText('1 rated race');
  const chart = guest.getByTestId('rating-chart');
  await expect(chart).toBeVisible();
  await expect(chart.locator('circle')).toHaveCount(1);
  await expect(chart).toHaveAttribute('aria-label', 'Rating over 1 rated race: from 1500 to 1500');
  await expect(guest.getByTestId('profile-h2h')).toContainText('0–0');
  await expect(guest.getByTestId('profile-races')).toContainText('rated');
  await screenshots(guest, '31-profile');
  await expectAccessible(guest, 'profile');

  // The rating leaderboard lists both racers.
  await guest.goto('/leaderboards?tab=ratings');
  const board = guest.getByTestId('rating-board');
  await expect(board).toContainText('Rating Host');
  await expect(board).toContainText('Rating Guest');
  await screenshots(guest, '32-rating-board');
  await expectAccessible(guest, 'rating leaderboard');
});
