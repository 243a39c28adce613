import { join } from 'node:path';
import { ARTIFACTS, fitsTheWidth, startDaily, TAKE_SCREENSHOTS } from './helpers.ts';
import { expect, test } from './test.ts';

test('on a phone, every link of the main menu is on the screen, with nothing to scroll sideways', async ({ page }) => {
  await page.goto('/daily');
  // A player with a name: the header's right side (name, settings) takes its share of the width too.
  await startDaily(page, 'Menu Reader');
  await fitsTheWidth(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  // The menu itself must not scroll either: a link past its edge is one a phone never shows.
  expect(await nav.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
  const links = nav.getByRole('link');
  expect(await links.count()).toBeGreaterThanOrEqual(6);
  for (const link of await links.all()) await expect(link).toBeInViewport({ ratio: 1 });
  if (TAKE_SCREENSHOTS) await page.screenshot({ path: join(ARTIFACTS, 'menu-phone.png') });
});

test("on a phone, a newcomer's daily bar fits the screen: Give up stays in reach", async ({ page }) => {
  await page.goto('/daily');
  await startDaily(page);
  // A phone widens its layout to whatever overflows, so the page must be no wider than the screen.
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: screen.width }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
  await expect(page.getByRole('button', { name: 'Give up' })).toBeInViewport({ ratio: 1 });
});

test('on a phone, a long nickname gives way on the daily board, never "(you)"', async ({ page }) => {
  await page.goto('/daily');
  // The result is ranked and has a row.
  await startDaily(page, 'Maximilian Longname');
  await page.getByRole('button', { name: 'Give up' }).click();
  await page.getByRole('button', { name: 'Really give up?' }).click();
  await page.getByTestId('daily-result').getByRole('link', { name: "See today's leaderboard" }).click();
  const mine = page.locator('tr[aria-current="true"]');
  await expect(mine).toContainText('Maximilian');
  // Clipped text still counts as visible: the label's box must lie within its cell.
  const [you, cell] = await Promise.all([mine.locator('.you').boundingBox(), mine.locator('td').nth(1).boundingBox()]);
  expect(you!.x + you!.width).toBeLessThanOrEqual(cell!.x + cell!.width);
});
