import { failOnThrown, fitsTheWidth, PHONE, serverDate } from './helpers.ts';
import { expect, test } from './test.ts';

test.use({ viewport: PHONE });

failOnThrown();

test("a profile fits a phone's width, its calendar of days opening on the latest week", async ({ page, context }) => {
  await page.goto('/rules');
  expect((await context.request.post('/api/players', { data: { nickname: 'Cal Endar' } })).status()).toBe(201);
  await page.goto('/p/Cal%20Endar');
  const calendar = page.getByTestId('day-calendar');
  await expect(calendar).toBeVisible();
  await fitsTheWidth(page);

  // Twenty-six weeks are wider than the phone: they scroll, and today's square is the one in view.
  const today = calendar.locator(`[title^="${await serverDate(page)}:"]`);
  const [box, square] = await Promise.all([calendar.boundingBox(), today.boundingBox()]);
  expect(square!.x).toBeGreaterThanOrEqual(box!.x);
  expect(square!.x + square!.width).toBeLessThanOrEqual(box!.x + box!.width);
});
