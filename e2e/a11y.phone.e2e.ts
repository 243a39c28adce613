import { devices, test } from '@playwright/test';
import { tour } from './a11y.ts';
import { PHONE } from './helpers.ts';

test('every page and state on a phone: no serious or critical accessibility violation', async ({ browser }) => {
  test.setTimeout(240_000);
  await tour(browser, { ...devices['Pixel 7'], viewport: PHONE }, 'phone');
});
