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

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where the card and the target column are, once the card has stopped moving. Cards glide to
 * their new places after a move (and the keyed card layer may swap the element), so the page is
 * asked in one go, every animation frame, until two frames agree: no stale element, no box taken
 * mid-glide.
 */
async function settledBoxes(page: Page, from: number, row: number, to: number): Promise<{ s: Box; t: Box }> {
  const handle = await page.waitForFunction(
    ([from, row, to]) => {
      const el = document.querySelector(`.columns [data-col="${from}"][data-row="${row}"]`);
      const column = document.querySelectorAll('.columns .column')[to];
      if (!el || !column) return false;
      el.scrollIntoView({ block: 'nearest' });
      const s = el.getBoundingClientRect();
      const key = `${s.x},${s.y},${s.width},${s.height}`;
      const w = window as unknown as { __e2eLastBox?: string };
      if (w.__e2eLastBox !== key) {
        w.__e2eLastBox = key;
        return false;
      }
      const t = column.getBoundingClientRect();
      return {
        s: { x: s.x, y: s.y, width: s.width, height: s.height },
        t: { x: t.x, y: t.y, width: t.width, height: t.height },
      };
    },
    [from, row, to] as const,
    { polling: 'raf', timeout: 10_000 },
  );
  return (await handle.jsonValue()) as { s: Box; t: Box };
}

/** Drags with the mouse as a person would: press, travel in steps, release over the column. */
export async function drag(page: Page, from: number, row: number, to: number) {
  const { s: source, t: target } = await settledBoxes(page, from, row, to);
  await page.mouse.move(source.x + source.width / 2, source.y + Math.min(12, source.height / 2));
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2 + 8, source.y + 20, { steps: 2 });
  await page.mouse.move(target.x + target.width / 2, target.y + 40, { steps: 4 });
  await page.mouse.up();
}

/**
 * Plays one move through the UI (the stock by its button, everything else by dragging) and waits
 * until the move counter shows it, so the next move starts from the position this one made.
 */
export async function playByHand(page: Page, move: Move) {
  const counter = await movesShown(page);
  const before = Number(await counter.textContent());
  if (move.kind === 'deal') await page.getByRole('button', { name: /Deal the stock/ }).click();
  else if (move.kind === 'move') await drag(page, move.from, move.row, move.to);
  else throw new Error(`not played by hand in these tests: ${move.kind}`);
  await expect(counter).toHaveText(String(before + 1));
}

export async function movesShown(page: Page) {
  return page.locator('.stat', { hasText: 'Moves' }).locator('.value');
}
