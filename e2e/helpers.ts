import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { type PracticeConfig, practiceHref } from '../apps/web/src/game/practiceConfig.ts';
import type { Move } from '../packages/rules/src/index.ts';
import { expect, test } from './test.ts';

export const ARTIFACTS = join(import.meta.dirname, 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

/**
 * Screenshots are for a person to look at after a run here; CI keeps none of its clone, and
 * taking them (a resize, a pause for the layout and a capture at each size) cost about two
 * minutes of its browser stage.
 */
export const TAKE_SCREENSHOTS = !process.env.CI;

/** The SQLite file of this worker's server (e2e/serve.ts writes it by port; the config names the port). */
export function databasePath(): string {
  return readFileSync(join(ARTIFACTS, `database-path-${process.env.E2E_PORT}`), 'utf8');
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * The server's date `days` from today, `YYYY-MM-DD`. Asked of the server, whose clock is not the
 * test's (e2e/serve.ts runs it from noon), so a spec names the same day the server deals.
 */
export async function serverDate(page: Page, days = 0): Promise<string> {
  const response = await page.request.get('/api/daily');
  expect(response.status()).toBe(200);
  const { date } = (await response.json()) as { date: string };
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Records from now on what the page throws and nobody catches, into `thrown`: a spec expects it
 * empty at its end. A page can throw thousands of errors (an effect re-running without end) while
 * every assertion on what it shows still passes.
 */
export function recordThrown(page: Page, thrown: string[]) {
  page.on('pageerror', (error) => thrown.push(`${error.name}: ${error.message}`));
}

/** Called at a spec file's top: each of its tests fails if its page threw anything (recordThrown). */
export function failOnThrown() {
  const thrown: string[] = [];
  test.beforeEach(({ page }) => recordThrown(page, thrown));
  test.afterEach(() => {
    expect(thrown.splice(0)).toEqual([]);
  });
}

/** Saves the page at phone and desktop sizes, then puts the viewport back (not in CI: `TAKE_SCREENSHOTS`). */
export async function screenshots(page: Page, name: string) {
  if (!TAKE_SCREENSHOTS) return;
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

/** Waits until the page is no wider than its viewport: nothing to scroll sideways (a phone's bane). */
export async function fitsTheWidth(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBe(0);
}

/** Picks a nickname in the dialog that something needing one (Start, Create room, Join) opened. */
export async function pickNickname(page: Page, nickname: string) {
  const dialog = page.getByRole('dialog', { name: 'Pick a nickname' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Nickname').fill(nickname);
  await dialog.getByRole('button', { name: "Let's play" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-connection="online"]')).toBeVisible();
}

/**
 * On /daily: presses Start and waits for the deal. Without a player Start makes a guest (a newcomer
 * plays first); given a nickname, the browser signs up under it first, as a returning player would be.
 */
export async function startDaily(page: Page, nickname?: string) {
  if (nickname) {
    expect((await page.request.post('/api/players', { data: { nickname } })).status()).toBe(201);
    await page.reload();
  }
  await page.getByRole('button', { name: 'Start the clock and deal' }).click();
  await expect(card(page, 0, 3)).toBeVisible();
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
      // A card sliding to a new place (a new position slides its cards 200 ms) is not settled,
      // however still it reads: a transition not yet started holds its start for frames on end.
      if (document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running')) return false;
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

/** Where a card is once the board has stopped moving: for a tap, which has no target column. */
export async function settledCardBox(page: Page, column: number, row: number): Promise<Box> {
  return (await settledBoxes(page, column, row, column)).s;
}

/**
 * Drags with the mouse as a person would: press, move past the drag threshold, move over the
 * column, release. The card is taken 8 px below its top edge: inside the strip a long, squeezed
 * column leaves showing. Each pointer event is a round trip to the browser (most of a long
 * line's time on a loaded machine), so the pointer travels in the two moves the board tells
 * apart, not in steps between them.
 */
export async function drag(page: Page, from: number, row: number, to: number) {
  const { s: source, t: target } = await settledBoxes(page, from, row, to);
  await page.mouse.move(source.x + source.width / 2, source.y + Math.min(8, source.height / 2));
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2 + 8, source.y + 20);
  await page.mouse.move(target.x + target.width / 2, target.y + 40);
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

/**
 * Opens a practice deal at the position after `moves`, as if the player had played them there:
 * the browser's practice save (LocalGame's) is written first, and the page restores it. Long
 * lines are set up in a second this way instead of being played card by card.
 */
export async function practiceAt(page: Page, config: PracticeConfig, moves: readonly Move[]) {
  await page.goto('/rules');
  await page.evaluate((saved) => localStorage.setItem('scorpion.practice', JSON.stringify(saved)), {
    config,
    moves,
    cursor: moves.length,
  });
  await page.goto(practiceHref(config));
  await expect(await movesShown(page)).toHaveText(String(moves.length));
}

/**
 * Drags with a finger: real touch events through the DevTools protocol, so the browser makes the
 * pointer events (pointerType "touch", with the card's touch-action) as it does on a phone. The
 * context must have `hasTouch`. `beforeRelease` runs with the finger still down over the column.
 */
export async function touchDrag(
  page: Page,
  from: number,
  row: number,
  to: number,
  beforeRelease?: () => Promise<void>,
) {
  const { s: source, t: target } = await settledBoxes(page, from, row, to);
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  const start = { x: source.x + source.width / 2, y: source.y + Math.min(8, source.height / 2) };
  const end = { x: target.x + target.width / 2, y: target.y + 40 };
  await touch('touchStart', start.x, start.y);
  for (let i = 1; i <= 5; i++) {
    await touch('touchMove', start.x + ((end.x - start.x) * i) / 5, start.y + ((end.y - start.y) * i) / 5);
  }
  await beforeRelease?.();
  await touch('touchEnd', end.x, end.y);
  await cdp.detach();
}

/**
 * A finger whose touches carry their own times (the DevTools `timestamp`), on a clock of the
 * test's: the browser tells a double tap from two taps by those times, not by when the events
 * arrive, so a loaded machine can neither stretch a double tap apart nor run two taps into one.
 * The clock starts at the real time and moves only when the test says.
 */
export async function stampedFinger(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  let now = Date.now() / 1000;
  return {
    /** Taps at (x, y) with the finger down for 50 ms of the clock; both events leave at once. */
    async tap(x: number, y: number) {
      const down = now;
      now += 0.05;
      await Promise.all([
        cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }], timestamp: down }),
        cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [], timestamp: now }),
      ]);
    },
    /** Moves the finger's clock on, without waiting. */
    pause(ms: number) {
      now += ms / 1000;
    },
    detach: () => cdp.detach(),
  };
}

/**
 * Starts recording, in the page, whether the race countdown shows and whether "Give up" is
 * disabled while it does. Recorded as it happens, not polled: however late a busy machine lets
 * the test look, the countdown has been seen (or not) by then.
 */
export async function watchCountdown(page: Page) {
  await page.evaluate(() => {
    const seen = { shown: false, giveUpDisabledMeanwhile: true };
    new MutationObserver(() => {
      if (!document.querySelector('[role="timer"]')) return;
      seen.shown = true;
      const giveUp = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Give up');
      if (giveUp && !giveUp.disabled) seen.giveUpDisabledMeanwhile = false;
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
    Object.assign(window, { e2eCountdown: seen });
  });
}

/** What `watchCountdown` recorded since it was called. */
export function countdownSeen(page: Page) {
  return page.evaluate(
    () => (window as unknown as { e2eCountdown: { shown: boolean; giveUpDisabledMeanwhile: boolean } }).e2eCountdown,
  );
}

/** Waits until the race is under way on this page: the countdown is over and the game can be played. */
export async function raceUnderway(page: Page) {
  await expect(page.getByRole('timer')).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Give up' })).toBeEnabled({ timeout: 15_000 });
}

/**
 * Waits until the element has stopped moving (two readings in a row agree) and returns where it
 * rests, in page coordinates: dealt cards glide into place, and the card layer may swap elements
 * meanwhile, which would take a focus or a measurement with it.
 */
export async function restingTop(element: Locator): Promise<number> {
  const pageY = () => element.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  let before = Number.NaN;
  await expect
    .poll(async () => {
      const [last, now] = [before, await pageY()];
      before = now;
      return now === last;
    })
    .toBe(true);
  return before;
}

/** A script the browser fetched, as its resource timing counts it. */
export interface ScriptFetched {
  path: string;
  transfer: number;
  encoded: number;
  decoded: number;
}

/**
 * The scripts a page asked for until its board could first be played (Board's `board-interactive`
 * mark): the first visit's JavaScript. What the page fetches once quiet, the service worker and
 * the unsaved-moves note's words, starts seconds after the mark, however slowly the test reads.
 */
export async function scriptsUntilPlayable(page: Page): Promise<ScriptFetched[]> {
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('board-interactive').length))
    .toBeGreaterThan(0);
  return page.evaluate(() => {
    const playable = performance.getEntriesByName('board-interactive')[0]!.startTime;
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => new URL(r.name).pathname.endsWith('.js') && r.startTime < playable)
      .map((r) => ({
        path: new URL(r.name).pathname,
        transfer: r.transferSize,
        encoded: r.encodedBodySize,
        decoded: r.decodedBodySize,
      }));
  });
}
