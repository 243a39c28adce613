import { cardLabel } from '../apps/web/src/board/cardNames.ts';
import {
  applyMove,
  dealFromSeed,
  describeReason,
  type GameState,
  newGame,
  toPlayerView,
} from '../packages/rules/src/index.ts';
import { singleTargetMove } from './fixtures/deals.ts';
import { card, drag, movesShown, restingTop, screenshots } from './helpers.ts';
import { expect, test } from './test.ts';

const SEED = '0123456789abcdef0123456789abcdef';
const start = toPlayerView(newGame('scorpion', { foundations: false, open: false }, dealFromSeed('scorpion', SEED)));

/** A drop that the rules refuse for a reason other than "same column". */
function illegalDrop(state: GameState) {
  for (let from = 0; from < state.columns.length; from++) {
    const row = state.columns[from]!.length - 1;
    for (let to = 0; to < state.columns.length; to++) {
      if (to === from) continue;
      const result = applyMove(state, { kind: 'move', from, row, to });
      if (!result.ok) return { from, row, to, reason: result.reason };
    }
  }
  throw new Error('every drop is legal?');
}

test('an illegal drop snaps back and says why', async ({ page }) => {
  await page.goto(`/practice?variant=scorpion&seed=${SEED}`);
  const drop = illegalDrop(start);
  const moving = card(page, drop.from, drop.row);
  // In page coordinates: the drag scrolls the card into view first, which moves it on screen.
  const pageY = () => moving.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  const before = await restingTop(moving);
  await drag(page, drop.from, drop.row, drop.to);
  await expect(page.getByRole('status').filter({ hasText: describeReason(drop.reason) })).toBeVisible();
  await screenshots(page, '06-illegal-drop');
  await expect(moving).toHaveAttribute('aria-label', cardLabel(start.columns[drop.from]![drop.row]!, true, drop.from));
  await expect.poll(pageY).toBeCloseTo(before, 0);
  await expect(await movesShown(page)).toHaveText('0');
});

test('keyboard-only play makes a move, and practice survives a reload', async ({ page }) => {
  await page.goto(`/practice?variant=scorpion&seed=${SEED}`);
  const move = singleTargetMove(start);
  const moved = start.columns[move.from]![move.row]!;
  // The walk starts once the deal has settled, so no card is swapped under the focus.
  await restingTop(card(page, move.from, move.row));

  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to the board' })).toBeFocused();
  await page.keyboard.press('Enter');
  // The focus starts on the first face-up card of column 1; walk to the card with the arrows.
  for (let c = 0; c < move.from; c++) await page.keyboard.press('ArrowRight');
  if (move.from === 0) await page.keyboard.press('PageDown');
  for (let r = start.columns[move.from]!.length - 1; r > move.row; r--) await page.keyboard.press('ArrowUp');
  await expect(card(page, move.from, move.row)).toBeFocused();
  await expect(card(page, move.from, move.row)).toHaveAttribute('aria-label', cardLabel(moved, true, move.from));
  await screenshots(page, '07-keyboard-focus');
  await page.keyboard.press('Enter');

  const landed = start.columns[move.to]!.length;
  await expect(card(page, move.to, landed)).toHaveAttribute('aria-label', cardLabel(moved, true, move.to));
  await expect(await movesShown(page)).toHaveText('1');

  await page.keyboard.press('Control+z');
  await expect(await movesShown(page)).toHaveText('0');
  await page.keyboard.press('Control+Shift+z');
  await expect(await movesShown(page)).toHaveText('1');

  await page.reload();
  await expect(card(page, move.to, landed)).toHaveAttribute('aria-label', cardLabel(moved, true, move.to));
  await expect(await movesShown(page)).toHaveText('1');
});

test('practice asks the solver for a hint and points at the move', async ({ page }) => {
  // A deal the solver wins within the hint budget; its first winning move takes column 4's 4th card to column 2.
  await page.goto('/practice?variant=scorpion&seed=00000000000000000000000000000007');
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(card(page, 3, 3)).toHaveClass(/hinted/, { timeout: 15_000 });
  await expect(page.locator('.column').nth(1)).toHaveClass(/target/);
  await screenshots(page, '14-practice-hint');
});

test('practice deals a deal the solver proved winnable when asked to', async ({ page }) => {
  await page.goto(`/practice?variant=scorpion&seed=${SEED}`);
  await page.getByText('New deal ▾').click();
  await page.getByRole('checkbox', { name: 'Winnable deals only' }).check();
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  await expect(page.getByText(/^Winnable ·/)).toBeVisible({ timeout: 15_000 });
  await expect(page).not.toHaveURL(new RegExp(SEED));
  await expect(page.getByRole('img', { name: /^Difficulty [1-5] of 5$/ })).toBeVisible();
});

test("a column's empty-slot outline is a card's size: it never peeks out from under a lone card", async ({ page }) => {
  await page.goto(`/practice?variant=scorpion&seed=${SEED}`);
  const bottom = card(page, 0, 0);
  await expect(bottom).toBeVisible();
  const [outline, face] = await Promise.all([
    page
      .locator('.columns .column')
      .first()
      .evaluate((column) => {
        const slot = getComputedStyle(column, '::before');
        const top = column.getBoundingClientRect().top;
        // The outline's drawn height: its content box and, unless it is sized as a border box, its borders.
        const borders = slot.boxSizing === 'border-box' ? 0 : 2 * Number.parseFloat(slot.borderTopWidth);
        return { top, height: Number.parseFloat(slot.height) + borders };
      }),
    bottom.boundingBox(),
  ]);
  expect(outline.top).toBe(face!.y);
  expect(outline.height).toBe(face!.height);
});
