import { GHOST_CHALLENGE, ghostWin } from './fixtures/deals.ts';
import { pickNickname, playByHand, recordThrown, screenshots } from './helpers.ts';
import { expect, test } from './test.ts';

/** What the page threw: nothing (the two boards that compare the games once re-ran each other without end). */
const thrown: string[] = [];
test.beforeEach(({ page }) => recordThrown(page, thrown));
test.afterEach(() => {
  expect(thrown.splice(0)).toEqual([]);
});

test('open a challenge link and finish ahead of the ghost, then compare both games move by move', async ({ page }) => {
  // 10 moves played by hand, every one waited for, and the ghost's first 7 s.
  test.setTimeout(120_000);
  // Ghost Ann won this deal yesterday, a move every 7 s of the server's clock (e2e/serve.ts):
  // 10 moves, 70 s.
  await page.goto(`/c/${GHOST_CHALLENGE}`);
  await expect(page.getByRole('heading', { name: "Beat Ghost Ann's time" })).toBeVisible();
  await expect(page.getByText(/solved it in 1:10/)).toBeVisible();
  await page.getByRole('button', { name: 'Play the challenge' }).click();
  await pickNickname(page, 'Challenger');

  const ghost = page.getByTestId('ghost');
  await expect(ghost).toContainText('Ghost Ann');
  await expect(ghost.getByTestId('ghost-moves')).toHaveText('0');
  await playByHand(page, ghostWin.moves[0]!);
  // The ghost moves on the server's clock, not on ours: its first move comes 7 s into the game.
  await expect(ghost.getByTestId('ghost-moves')).toHaveText(/^[1-9]\d*$/, { timeout: 20_000 });
  await screenshots(page, '20-challenge-ghost');

  for (const move of ghostWin.moves.slice(1)) await playByHand(page, move);
  const result = page.getByTestId('challenge-result');
  await expect(result).toContainText("You beat Ghost Ann's ghost!");
  await expect(result.locator('tbody tr').first()).toContainText('solved');
  // The ghost stopped where it stood when the challenger finished: far from its end.
  await expect(ghost).toContainText('Playing');

  const compare = page.getByTestId('challenge-compare');
  const step = compare.getByTestId('compare-step');
  await expect(step).toHaveText(`0/${ghostWin.moves.length}`);
  await compare.getByRole('button', { name: 'Next move ›' }).click();
  await expect(step).toHaveText(`1/${ghostWin.moves.length}`);
  await expect(compare.getByRole('heading', { name: 'You · move 1' })).toBeVisible();
  await expect(compare.getByRole('heading', { name: 'Ghost Ann · move 1' })).toBeVisible();
  await screenshots(page, '21-challenge-compare');
});

test('a challenger who gives up reads how each game ended in words', async ({ page }) => {
  await page.goto(`/c/${GHOST_CHALLENGE}`);
  await page.getByRole('button', { name: 'Play the challenge' }).click();
  await pickNickname(page, 'Quitter');
  await playByHand(page, ghostWin.moves[0]!);
  await page.getByRole('button', { name: 'Give up' }).click();
  await page.getByRole('button', { name: 'Really give up?' }).click();

  const rows = page.getByTestId('challenge-result').locator('tbody tr');
  await expect(rows.nth(0)).toContainText('gave up');
  await expect(rows.nth(0)).not.toContainText('gave-up');
  await expect(rows.nth(1)).toContainText('solved');
});
