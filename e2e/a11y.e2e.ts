import { devices, test } from '@playwright/test';
import { tour } from './a11y.ts';
import { DESKTOP } from './helpers.ts';

test('every page and state on the desktop: no serious or critical accessibility violation', async ({ browser }) => {
  test.setTimeout(240_000);
  await tour(browser, { ...devices['Desktop Chrome'], viewport: DESKTOP }, 'desktop');
});
