import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { Move } from '../packages/rules/src/index.ts';

export const ARTIFACTS = join(import.meta.dirname, 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** Saves the page at phone and desktop sizes, then puts the viewport back. */
export async function screenshots(page: Page, name: string) {
  const before = page.viewportSize() ?? DESKTOP;
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(250);
    await page.screenshot({ path: join(ARTIFACTS, `${name}-${size}.png`) });
  }
  await page.setViewportSize(before);
}

export async function pickNickname(page: Page, nickname: string) {
  const dialog = page.getByRole('dialog', { name: 'Pick a nickname' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Nickname').fill(nickname);
  await dialog.getByRole('button', { name: "Let's play" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-connection="online"]')).toBeVisible();
}

export function card(page: Page, column: number, row: number) {
  return page.locator(`.columns [data-col="${column}"][data-row="${row}"]`);
}

/** Drags with the mouse as a person would: press, travel in steps, release over the column. */
export async function drag(page: Page, from: number, row: number, to: number) {
  await card(page, from, row).scrollIntoViewIfNeeded();
  const source = await card(page, from, row).boundingBox();
  const target = await page.locator('.columns .column').nth(to).boundingBox();
  if (!source || !target) throw new Error(`nothing to drag at ${from}/${row} → ${to}`);
  await page.mouse.move(source.x + source.width / 2, source.y + Math.min(12, source.height / 2));
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2 + 8, source.y + 20, { steps: 2 });
  await page.mouse.move(target.x + target.width / 2, target.y + 40, { steps: 4 });
  await page.mouse.up();
}

/** Plays one move through the UI: the stock by its button, everything else by dragging. */
export async function playByHand(page: Page, move: Move) {
  if (move.kind === 'deal') await page.getByRole('button', { name: /Deal the stock/ }).click();
  else if (move.kind === 'move') await drag(page, move.from, move.row, move.to);
  else throw new Error(`not played by hand in these tests: ${move.kind}`);
}

export async function movesShown(page: Page) {
  return page.locator('.stat', { hasText: 'Moves' }).locator('.value');
}
