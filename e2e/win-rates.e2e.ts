import { expect, test } from './test.ts';

test('the rules page leads to the win-rate table, with its chart and a row per variant studied', async ({ page }) => {
  await page.goto('/rules');
  await page.getByRole('link', { name: 'How often can Scorpion be won?' }).click();
  await expect(page).toHaveURL(/\/win-rates$/);
  await expect(page.getByRole('heading', { level: 1, name: 'How often can Scorpion be won?' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Share of deals won: Scorpion: \d+\.\d% won/ })).toBeVisible();
  const row = page.getByRole('row', { name: /^Scorpion \d/ }).first();
  await expect(row).toContainText(/\d+\.\d%–\d+\.\d%/);
});
