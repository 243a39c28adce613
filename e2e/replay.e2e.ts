import { failOnThrown } from './helpers.ts';
import { expect, test } from './test.ts';

failOnThrown();

test('a replay link to no game says so in one sentence', async ({ page }) => {
  await page.goto('/replay/no-such-game-here');
  await expect(page.getByRole('alert')).toHaveText('There is no such game.');
});
