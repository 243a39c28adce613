import { devices } from '@playwright/test';
import { tourDaily, tourRace, tourReading } from './a11y.ts';
import { PHONE } from './helpers.ts';
import { test } from './test.ts';

const DEVICE = { ...devices['Pixel 7'], viewport: PHONE };

test('the reading pages and practice on a phone: no serious or critical accessibility violation', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  await tourReading(browser, DEVICE, 'phone');
});

test("a newcomer's daily, the name it asks for and the boards on a phone: no serious or critical accessibility violation", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  await tourDaily(browser, DEVICE, 'phone');
});

test("a race and the player's devices on a phone: no serious or critical accessibility violation", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  await tourRace(browser, DEVICE, 'phone');
});
