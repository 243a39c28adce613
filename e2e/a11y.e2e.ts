import { devices } from '@playwright/test';
import { tourDaily, tourRace, tourReading } from './a11y.ts';
import { DESKTOP } from './helpers.ts';
import { expect, test } from './test.ts';

const DEVICE = { ...devices['Desktop Chrome'], viewport: DESKTOP };

test('the reading pages and practice on the desktop: no serious or critical accessibility violation', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  await tourReading(browser, DEVICE, 'desktop');
});

test("a newcomer's daily, the name it asks for and the boards on the desktop: no serious or critical accessibility violation", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  await tourDaily(browser, DEVICE, 'desktop');
});

test("a race and the player's devices on the desktop: no serious or critical accessibility violation", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  await tourRace(browser, DEVICE, 'desktop');
});

test('a screen reader finds the cards in their columns and hears every action, undo and redo included', async ({
  page,
}) => {
  const seed = '0123456789abcdef0123456789abcdef';
  await page.goto('/rules');
  // No board, no skip link to it.
  await expect(page.getByRole('link', { name: 'Skip to the board' })).toHaveCount(0);
  await page.goto(`/practice?variant=scorpion&seed=${seed}`);
  await expect(page.getByRole('link', { name: 'Skip to the board' })).toHaveAttribute('href', '#board');
  await expect(page.locator('#board')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

  // Each column group owns its cards: seven in the first column of a fresh deal.
  const first = page.getByRole('group', { name: 'Column 1, 7 cards' });
  await expect(first).toMatchAriaSnapshot(`
    - group "Column 1, 7 cards":
      - button "Face-down card, column 1" [disabled]
      - button "Face-down card, column 1" [disabled]
      - button "Face-down card, column 1" [disabled]
      - button "A♠, Ace of spades, face up, column 1"
      - button "7♥, 7 of hearts, face up, column 1"
      - button "9♦, 9 of diamonds, face up, column 1"
      - button "7♣, 7 of clubs, face up, column 1"
  `);

  const spoken = page.locator('.board [aria-live="polite"]');
  await page.keyboard.press('d');
  await expect(spoken).toHaveText('Dealt the stock.');
  await page.keyboard.press('Control+z');
  await expect(spoken).toHaveText('Undid the last move.');
  await page.keyboard.press('Control+Shift+z');
  await expect(spoken).toHaveText(/^Redid the move\.\s?$/);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(spoken).toHaveText(/^Undid the last move\.\s?$/);
});
