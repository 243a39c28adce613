import { failOnThrown } from './helpers.ts';
import { expect, test } from './test.ts';

failOnThrown();

test("the leaderboards' tabs fit a phone on one line each, none broken in two", async ({ page }) => {
  await page.goto('/leaderboards');
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(4);
  const heights = await tabs.evaluateAll((all) => all.map((tab) => tab.getBoundingClientRect().height));
  // "Daily" is one word and one line: every other label is as tall, not two lines ("All-/time").
  for (const height of heights) expect(height).toBe(heights[0]);
  const [list] = await page.getByRole('tablist').evaluateAll((all) => all.map((l) => l.scrollWidth - l.clientWidth));
  expect(list).toBe(0);
});
