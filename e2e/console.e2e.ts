import type { Page } from '@playwright/test';
import { card } from './helpers.ts';
import { expect, test } from './test.ts';

/**
 * What a page reports as broken while a player uses it: uncaught errors and console errors.
 * Collected from before the first navigation, so that nothing said while a page mounts is missed.
 */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  return problems;
}

test('a board mounts and is played without an uncaught error', async ({ page }) => {
  const problems = problemsOf(page);
  await page.goto('/practice?variant=scorpion&seed=0123456789abcdef0123456789abcdef');
  await expect(card(page, 0, 3)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Skip to the board' })).toBeVisible();
  await page.keyboard.press('d');
  await expect(page.getByRole('button', { name: 'The stock has been dealt' })).toBeVisible();
  expect(problems).toEqual([]);
});

test("a guest reads the daily's start page without a refused request in the console", async ({ page }) => {
  const problems = problemsOf(page);
  await page.goto('/daily');
  await expect(page.getByTestId('daily-start')).toContainText('put your name on the board when you finish');
  // Every request the page made on arrival has been answered by now.
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});
