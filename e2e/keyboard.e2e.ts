import { dailyStart, uncoveringMove } from './fixtures/deals.ts';
import { card, startDaily } from './helpers.ts';
import { expect, test } from './test.ts';

test('keyboard only on the daily: Start puts the focus on the board, and it stays there when the server turns a card over', async ({
  page,
}) => {
  const start = dailyStart();
  const move = uncoveringMove(start);
  await page.goto('/daily');
  await page.getByRole('button', { name: 'Start the clock and deal' }).focus();
  await page.keyboard.press('Enter');
  // The board takes the focus from the Start button it replaces, where the skip link would take
  // it: the first face-up card of the first column. Home goes to its top.
  await expect(card(page, 0, start.hidden[0]!)).toBeFocused();
  await page.keyboard.press('Home');
  for (let c = 0; c < move.from; c++) await page.keyboard.press('ArrowRight');
  for (let r = start.columns[move.from]!.length - 1; r > move.row; r--) await page.keyboard.press('ArrowUp');
  await expect(card(page, move.from, move.row)).toBeFocused();
  await page.keyboard.press('Enter');
  // The card under the one moved turns over only with the server's answer, as a new element.
  const uncovered = card(page, move.from, move.row - 1);
  await expect(uncovered).toHaveAttribute('aria-label', /, face up,/);
  await expect(uncovered).toBeFocused();
  // And play goes on from there without a Tab back into the board.
  await page.keyboard.press('ArrowLeft');
  await expect(card(page, move.from - 1, start.columns[move.from - 1]!.length - 1)).toBeFocused();
});

test('keyboard only on the daily: giving up is said where the moves were said', async ({ page }) => {
  await page.goto('/daily');
  await startDaily(page, 'Keys Quitter');
  const giveUp = page.getByRole('button', { name: 'Give up' });
  await giveUp.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Really give up?' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('daily-result')).toBeVisible();
  // The result shows above the board without taking the focus: a screen reader hears it here.
  await expect(page.locator('.board [aria-live="polite"]')).toHaveText(
    /^Not solved this time: 0 of 52 cards built\.\s?$/,
  );
});
