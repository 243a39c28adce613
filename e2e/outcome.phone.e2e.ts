import { type Browser, type BrowserContext, devices, type Page } from '@playwright/test';
import { DAILY_SEED, dailyWinningLine } from './fixtures/deals.ts';
import { failOnThrown, pickNickname, playByHand, raceUnderway, screenshots } from './helpers.ts';
import { expect, test } from './test.ts';

/*
 * On a phone the board is taller than the screen: when a game ends, its outcome is brought into
 * view with the next step beside it, wherever the player had scrolled to on the board.
 */

failOnThrown();

async function phone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  return { context, page: await context.newPage() };
}

/** Gives up from wherever the player stands on the board: scrolled to its foot, as a thumb leaves it. */
async function giveUpFromTheFoot(page: Page) {
  await page.getByRole('button', { name: 'Give up' }).click();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.getByRole('button', { name: 'Really give up?' }).click();
}

test("a challenge's verdict, and a ghost race's way back to the queue, are in view once the game ends", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const first = dailyWinningLine()[0]!;
  // Pina's practice game on the server, one move and given up: her "Beat my time" link.
  const pia = await phone(browser);
  await pia.page.goto('/rules');
  expect((await pia.context.request.post('/api/players', { data: { nickname: 'Pina' } })).status()).toBe(201);
  await pia.page.goto(`/practice?variant=scorpion&seed=${DAILY_SEED}`);
  await expect(pia.page.locator('[data-connection="online"]')).toBeVisible();
  await playByHand(pia.page, first);
  await giveUpFromTheFoot(pia.page);
  const over = pia.page.getByTestId('game-over');
  await expect(over).toBeInViewport();
  await over.getByRole('button', { name: 'Beat my time: challenge a friend' }).click();
  await over.getByRole('button', { name: 'Copy challenge link' }).click();
  const link = await pia.page.evaluate(() => navigator.clipboard.readText());
  // Shared in a chat, the link shows its time to beat, with the site's card as its image.
  const shared = await (await pia.context.request.get(link)).text();
  expect(shared).toContain(`<meta property="og:title" content="Beat Pina's time: 0:`);
  expect(shared).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/og\.png" \/>/);
  const image = await pia.context.request.get('/og.png');
  expect(image.headers()['content-type']).toBe('image/png');

  // Quin meets it as a ghost race from the quick-race queue, and plays on a phone.
  const quin = await phone(browser);
  await quin.page.goto(`${link}?from=queue`);
  await quin.page.getByRole('button', { name: 'Play the challenge' }).click();
  await pickNickname(quin.page, 'Quincy');
  await expect(quin.page.getByTestId('ghost')).toContainText('Pina');
  await playByHand(quin.page, first);
  await giveUpFromTheFoot(quin.page);

  const result = quin.page.getByTestId('challenge-result');
  await expect(result.getByRole('heading', { name: "Pina's ghost stays ahead" })).toBeInViewport();
  await expect(result).toBeFocused();
  await expect(result.getByRole('link', { name: 'Back to the queue' })).toBeInViewport();
  await expect(result.getByRole('button', { name: 'Try again' })).toBeInViewport();
  await expect(result.getByRole('button', { name: 'Beat my time: challenge a friend' })).toBeInViewport();
  await screenshots(quin.page, '60-phone-ghost-race-over');

  // Again, on the same cards beside the same ghost: a new game, and the verdict goes with the old one.
  await result.getByRole('button', { name: 'Try again' }).click();
  await expect(quin.page.getByTestId('ghost')).toContainText('Pina');
  await expect(quin.page.getByRole('button', { name: 'Give up' })).toBeEnabled();
  await expect(result).toHaveCount(0);
  await Promise.all([pia.context.close(), quin.context.close()]);
});

test("a race's results and a daily's result are in view once the game ends, with the next step", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const host = await phone(browser);
  await host.page.goto('/race');
  await host.page.getByRole('button', { name: 'Create room' }).click();
  await pickNickname(host.page, 'Rae');
  await expect(host.page).toHaveURL(/\/r\/[A-Z0-9]{6}$/);
  const guest = await phone(browser);
  await guest.page.goto(host.page.url());
  await guest.page.getByRole('button', { name: 'Pick a nickname and join' }).click();
  await pickNickname(guest.page, 'Gus');
  await expect(host.page.getByTestId('room-members')).toContainText('Gus');
  await host.page.getByRole('button', { name: 'Start the race' }).click();
  for (const { page } of [host, guest]) await raceUnderway(page);
  await giveUpFromTheFoot(guest.page);
  await giveUpFromTheFoot(host.page);

  const results = host.page.getByTestId('race-results');
  await expect(results).toBeInViewport();
  await expect(host.page.getByRole('heading', { name: 'Nobody solved it' })).toBeInViewport();
  await expect(host.page.getByRole('button', { name: /rematch/i })).toBeInViewport();
  await screenshots(host.page, '61-phone-race-over');

  // The daily, on the same phone: its result in view, with its share button.
  await host.page.goto('/daily');
  await host.page.getByRole('button', { name: 'Start the clock and deal' }).click();
  await raceUnderway(host.page);
  await giveUpFromTheFoot(host.page);
  const daily = host.page.getByTestId('daily-result');
  await expect(daily.getByRole('heading', { name: 'Not solved this time' })).toBeInViewport();
  await screenshots(host.page, '62-phone-daily-over');
  await Promise.all([host.context.close(), guest.context.close()]);
});
