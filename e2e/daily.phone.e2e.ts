import { expect, test } from '@playwright/test';
import { startDaily } from './helpers.ts';

test("on a phone, a new player's daily bar fits the screen: Give up stays in reach", async ({ page }) => {
  await page.goto('/daily');
  // A Scout signs up as new (e2e/serve.ts): the bar carries the widest tag, "Unranked: new player".
  await startDaily(page, 'ScoutPhone');
  await expect(page.getByText('Unranked: new player')).toBeVisible();
  // A phone widens its layout to whatever overflows, so the page must be no wider than the screen.
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: screen.width }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
  await expect(page.getByRole('button', { name: 'Give up' })).toBeInViewport({ ratio: 1 });
});
