import { join } from 'node:path';
import { cardLabel } from '../apps/web/src/board/cardNames.ts';
import {
  applyMove,
  dealFromSeed,
  describeReason,
  type GameState,
  type Move,
  newGame,
  toPlayerView,
} from '../packages/rules/src/index.ts';
import { lineToCompleteRun } from './fixtures/complete-run.ts';
import { singleTargetMove } from './fixtures/deals.ts';
import {
  ARTIFACTS,
  card,
  movesShown,
  practiceAt,
  settledCardBox,
  stampedFinger,
  TAKE_SCREENSHOTS,
  touchDrag,
} from './helpers.ts';
import { expect, test } from './test.ts';

const SEED = '0123456789abcdef0123456789abcdef';

/** The label the moved card should have once it lands on its column. */
function landing(view: GameState, move: Extract<Move, { kind: 'move' }>) {
  const moved = view.columns[move.from]![move.row]!;
  return { row: view.columns[move.to]!.length, label: cardLabel(moved, true, move.to) };
}

test('on a phone, a finger drags a card onto its column and a tap plays the only move', async ({ page }) => {
  const full = newGame('scorpion', { foundations: false, open: false }, dealFromSeed('scorpion', SEED));
  await page.goto(`/practice?variant=scorpion&seed=${SEED}`);

  const dragged = singleTargetMove(toPlayerView(full));
  const first = landing(toPlayerView(full), dragged);
  // Dropped on a column that refuses it, the card comes back: a drag, not a tap (a tap would play it).
  const wrong = [...full.columns.keys()].find((c) => c !== dragged.from && c !== dragged.to)!;
  const refused = applyMove(full, { ...dragged, to: wrong });
  if (refused.ok) throw new Error('the wrong column took the card');
  await touchDrag(page, dragged.from, dragged.row, wrong);
  await expect(page.getByRole('status').filter({ hasText: describeReason(refused.reason) })).toBeVisible();
  await expect(await movesShown(page)).toHaveText('0');

  await touchDrag(page, dragged.from, dragged.row, dragged.to, async () => {
    await expect(card(page, dragged.from, dragged.row)).toHaveClass(/lifted/);
    await expect(page.locator('.column').nth(dragged.to)).toHaveClass(/over/);
    await expect(page.locator('.column').nth(dragged.to)).toHaveClass(/legal/);
    if (TAKE_SCREENSHOTS) await page.screenshot({ path: join(ARTIFACTS, '30-touch-drag-phone.png') });
  });
  await expect(card(page, dragged.to, first.row)).toHaveAttribute('aria-label', first.label);
  await expect(await movesShown(page)).toHaveText('1');

  const after = applyMove(full, dragged);
  if (!after.ok) throw new Error(after.reason);
  const view = toPlayerView(after.state);
  const tapped = singleTargetMove(view);
  const second = landing(view, tapped);
  const box = await settledCardBox(page, tapped.from, tapped.row);
  // On the card's top strip, which the cards on it leave showing; a finger down for 50 ms
  // however slowly the events travel (a long wait between them would be a long press).
  const finger = await stampedFinger(page);
  await finger.tap(box.x + box.width / 2, box.y + 6);
  await finger.detach();
  await expect(card(page, tapped.to, second.row)).toHaveAttribute('aria-label', second.label);
  await expect(await movesShown(page)).toHaveText('2');
  if (TAKE_SCREENSHOTS) await page.screenshot({ path: join(ARTIFACTS, '31-touch-played-phone.png') });

  // The stock's Deal badge stays above the first column (it used to hang over its top).
  const badge = (await page.locator('.deal-label').boundingBox())!;
  const firstColumn = (await page.locator('.columns .column').first().boundingBox())!;
  expect(badge.y + badge.height).toBeLessThanOrEqual(firstColumn.y);
});

test('on a phone, a double tap sends a completed run to the foundations', async ({ page }) => {
  const options = { foundations: true, open: false };
  const { seed, moves, column } = lineToCompleteRun(options);
  await practiceAt(page, { variant: 'scorpion', options, seed }, moves);
  const box = await settledCardBox(page, column, 0);
  const [x, y] = [box.x + box.width / 2, box.y + 6];
  // The taps carry their times, so how long the checks between them take does not matter.
  const finger = await stampedFinger(page);
  // One tap says how.
  await finger.tap(x, y);
  await expect(page.getByRole('status').filter({ hasText: 'Double-tap or double-click the run' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Foundations: 1 run' })).toHaveCount(0);
  // Two seconds later, a double tap as a hand makes it: 150 ms from lifting the finger to the
  // next touch, well inside the 300 ms phones allow (Android's DOUBLE_TAP_TIMEOUT).
  finger.pause(2000);
  await finger.tap(x, y);
  finger.pause(150);
  await finger.tap(x, y);
  await finger.detach();
  await expect(page.getByRole('group', { name: 'Foundations: 1 run' })).toBeVisible();
  await expect(await movesShown(page)).toHaveText(String(moves.length + 1));
  // The tip is gone once the run has gone.
  await expect(page.locator('.toast.show')).toHaveCount(0);
  if (TAKE_SCREENSHOTS) await page.screenshot({ path: join(ARTIFACTS, '32-double-tap-foundations-phone.png') });
});
