import type { BrowserContext, Page } from '@playwright/test';
import { DAILY_SEED, dailyWinningLine, GHOST_CHALLENGE } from './fixtures/deals.ts';
import { failOnThrown, movesShown, playByHand, practiceAt, screenshots } from './helpers.ts';
import { expect, test } from './test.ts';

/*
 * A signed-in player whose page loaded while the server could not be asked who they are (a
 * train's tunnel, a server restarting): the page starts as a guest, "Offline", and must find the
 * player again once the server answers, never sign up someone new in their place.
 */
failOnThrown();

/** Signs `nickname` up in `context`, then cuts `/api/me` off: the server cannot say who this is. */
async function signedInOutOfReach(context: BrowserContext, page: Page, nickname: string) {
  await page.goto('/rules');
  expect((await context.request.post('/api/players', { data: { nickname } })).status()).toBe(201);
  await context.route('**/api/me', (route) => route.abort('internetdisconnected'));
}

/** The server answers again, and the browser says it is back online. */
async function backOnline(context: BrowserContext, page: Page, nickname: string) {
  await context.unroute('**/api/me');
  await page.evaluate(() => dispatchEvent(new Event('online')));
  await expect(page.locator('[data-connection="online"]')).toBeVisible();
  await expect(page.getByRole('button', { name: nickname, exact: true })).toBeVisible();
}

test('back in reach, a challenge is played as the player the browser already is, with no new nickname asked', async ({
  context,
  page,
}) => {
  await signedInOutOfReach(context, page, 'Tunnel Tess');
  await page.goto(`/c/${GHOST_CHALLENGE}`);
  await expect(page.locator('[data-connection="offline"]')).toBeVisible();
  await page.goto('/devices');
  await expect(page.getByRole('status').filter({ hasText: 'The server cannot be reached' })).toBeVisible();
  await expect(page.getByText('This device plays as nobody yet.')).toHaveCount(0);

  // The server answers again, but nothing has told the page: Play asks who this is before a name.
  await page.goto(`/c/${GHOST_CHALLENGE}`);
  await context.unroute('**/api/me');
  await page.getByRole('button', { name: 'Play the challenge' }).click();
  await expect(page.getByTestId('ghost')).toContainText('Ghost Ann');
  await expect(page.getByRole('dialog', { name: 'Pick a nickname' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Tunnel Tess', exact: true })).toBeVisible();
});

test('a practice game begun out of reach stays in the browser when the server is back, and the next deal is the server’s', async ({
  context,
  page,
}) => {
  const line = dailyWinningLine();
  await signedInOutOfReach(context, page, 'Tunnel Theo');
  await practiceAt(
    page,
    { variant: 'scorpion', options: { foundations: false, open: false }, seed: DAILY_SEED },
    line.slice(0, -2),
  );
  await expect(page.locator('[data-connection="offline"]')).toBeVisible();
  await playByHand(page, line.at(-2)!);

  await backOnline(context, page, 'Tunnel Theo');
  // Still the browser's game, where it was: no clock, no deal from the first card.
  await expect(await movesShown(page)).toHaveText(String(line.length - 1));
  await expect(page.locator('.stat', { hasText: 'Time' })).toHaveCount(0);
  await playByHand(page, line.at(-1)!);
  const over = page.getByTestId('game-over');
  await expect(over.getByRole('heading', { name: 'Solved!' })).toBeVisible();
  await expect(over.getByTestId('challenge-note')).toContainText(
    'played in the browser while the server was out of reach',
  );
  await screenshots(page, '45-practice-back-online');

  await over.getByRole('button', { name: 'Play this deal on the server' }).click();
  await expect(page.locator('.stat', { hasText: 'Time' })).toBeVisible();
  await expect(page.getByTestId('seed')).toHaveText(DAILY_SEED);
  await expect(await movesShown(page)).toHaveText('0');
  await expect(page.getByTestId('game-over')).toHaveCount(0);
});
