import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { cardLabel } from '../apps/web/src/board/cardNames.ts';
import { dealFromSeed, newGame, toPlayerView, type VariantId } from '../packages/rules/src/index.ts';
import { singleTargetMove } from './fixtures/deals.ts';
import { ARTIFACTS, card, movesShown, PHONE, settledCardBox, TAKE_SCREENSHOTS } from './helpers.ts';
import { expect, test } from './test.ts';

const SEED = '0123456789abcdef0123456789abcdef';

// The phone the issue measured on: 390 × 844 CSS pixels, a touchscreen.
test.use({ viewport: PHONE });

/** The size of a face-up card, its corner index, and where the board ends, with the page at its top. */
async function measure(page: Page) {
  return page.evaluate(() => {
    scrollTo(0, 0);
    const face = document.querySelector<HTMLElement>('.columns .card:has(.face)')!;
    const corner = face.querySelector('.corner')!;
    const columns = document.querySelector('.columns')!.getBoundingClientRect();
    return {
      width: face.getBoundingClientRect().width,
      index: Number.parseFloat(getComputedStyle(corner).fontSize),
      bottom: columns.bottom,
      screen: innerHeight,
    };
  });
}

for (const variant of ['double-scorpion', 'three-blind-mice'] as const satisfies readonly VariantId[]) {
  test(`on a phone, ${variant}'s ten columns are legible, fit the screen and play by touch`, async ({ page }) => {
    await page.goto(`/practice?variant=${variant}&seed=${SEED}`);
    await expect(card(page, 0, 0)).toBeVisible();
    const m = await measure(page);
    expect(m.width).toBeGreaterThanOrEqual(36);
    expect(m.index).toBeGreaterThanOrEqual(14);
    expect(m.bottom).toBeLessThanOrEqual(m.screen);
    // Variant and seed stay in view on the phone.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('seed')).toHaveText(SEED);
    await expect(page.getByTestId('seed')).toBeInViewport();
    if (TAKE_SCREENSHOTS) await page.screenshot({ path: join(ARTIFACTS, `33-${variant}-phone.png`) });

    // A tap on a card's visible strip plays its only move.
    const view = toPlayerView(newGame(variant, { foundations: false, open: false }, dealFromSeed(variant, SEED)));
    const move = singleTargetMove(view);
    const box = await settledCardBox(page, move.from, move.row);
    await page.touchscreen.tap(box.x + box.width / 2, box.y + 8);
    const landed = view.columns[move.to]!.length;
    const moved = view.columns[move.from]![move.row]!;
    await expect(card(page, move.to, landed)).toHaveAttribute('aria-label', cardLabel(moved, true, move.to));
    await expect(await movesShown(page)).toHaveText('1');
  });
}

test('on a phone, Scorpion cards fill the width, and large cards are larger still', async ({ page }) => {
  await page.goto(`/practice?variant=scorpion&seed=${SEED}`);
  await expect(card(page, 0, 0)).toBeVisible();
  const normal = await measure(page);
  expect(normal.width).toBeGreaterThanOrEqual(52);
  expect(normal.bottom).toBeLessThanOrEqual(normal.screen);
  const height = () => card(page, 6, 0).evaluate((el) => el.getBoundingClientRect().height);
  const before = await height();
  await page.getByLabel('Settings').click();
  await page.getByLabel('Large cards').check();
  await page.getByLabel('Settings').click();
  await expect.poll(height).toBeGreaterThan(before);
  const large = await measure(page);
  expect(large.index).toBeGreaterThan(normal.index);
  expect(large.bottom).toBeLessThanOrEqual(large.screen);
  if (TAKE_SCREENSHOTS) await page.screenshot({ path: join(ARTIFACTS, '34-scorpion-large-cards-phone.png') });
});
