import { type Browser, expect, type Page, test } from '@playwright/test';
import { cardLabel } from '../apps/web/src/board/cardNames.ts';
import { dailyStart, dailyWinningLine, singleTargetMove } from './fixtures/deals.ts';
import { card, drag, movesShown, pickNickname, playByHand, screenshots } from './helpers.ts';

test('a newcomer picks a nickname, plays the daily by dragging, resumes after a reload and finds their row', async ({
  browser,
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Scorpion #\d+/ })).toBeVisible();
  // The solver certified today's deal: its rating shows.
  await expect(page.getByRole('img', { name: /^Difficulty [1-5] of 5$/ })).toBeVisible();
  await screenshots(page, '01-home-first-visit');
  await pickNickname(page, 'Newcomer');
  await screenshots(page, '02-home');

  await page.getByRole('link', { name: "Play today's daily" }).click();
  await expect(page).toHaveURL(/\/daily$/);
  await expect(card(page, 0, 3)).toBeVisible();

  const start = dailyStart();
  const move = singleTargetMove(start);
  const moved = start.columns[move.from]![move.row]!;
  await drag(page, move.from, move.row, move.to);
  await expect(await movesShown(page)).toHaveText('1');
  const landed = start.columns[move.to]!.length;
  await expect(card(page, move.to, landed)).toHaveAttribute('aria-label', cardLabel(moved, true, move.to));
  await screenshots(page, '03-daily-board');

  // A reload mid-game comes back to the same position, and the board is quick to come back.
  await page.reload();
  await expect(card(page, move.to, landed)).toHaveAttribute('aria-label', cardLabel(moved, true, move.to));
  await expect(await movesShown(page)).toHaveText('1');

  await measure(browser, page);

  await page.getByRole('button', { name: 'Give up' }).click();
  await page.getByRole('button', { name: 'Really give up?' }).click();
  const result = page.getByTestId('daily-result');
  await expect(result).toBeVisible();
  await expect(result.getByText('1st')).toBeVisible();
  await expect(result.locator('code')).toHaveText(/^Scorpion #\d+ ❌ \d+:\d\d · 1 move$/);
  await screenshots(page, '04-daily-result');

  await result.getByRole('link', { name: "See today's leaderboard" }).click();
  const mine = page.locator('tr[aria-current="true"]');
  await expect(mine).toContainText('Newcomer');
  await expect(mine).toContainText('(you)');
  await screenshots(page, '05-leaderboard');

  // Coming back the same day shows the ranked result first; another go is unranked.
  await page.getByRole('link', { name: 'Daily' }).click();
  await expect(page.getByTestId('daily-result').getByRole('heading', { name: 'Not solved this time' })).toBeVisible();
  await page.getByRole('button', { name: 'Play the deal again (unranked)' }).click();
  await expect(page.getByText('Practice attempt')).toBeVisible();
  await expect(await movesShown(page)).toHaveText('0');
});

test('a player solves the daily: a winning share line, a rank and their place in the histogram', async ({ page }) => {
  test.setTimeout(150_000);
  const line = dailyWinningLine();
  await page.goto('/daily');
  await pickNickname(page, 'Solver Sam');
  await expect(card(page, 0, 3)).toBeVisible();
  for (const move of line) await playByHand(page, move);
  const result = page.getByTestId('daily-result');
  await expect(result.getByRole('heading', { name: 'You solved it!' })).toBeVisible();
  await expect(result.locator('code')).toHaveText(new RegExp(`^Scorpion #\\d+ ✅ \\d+:\\d\\d · ${line.length} moves$`));
  await expect(result.getByText(/^\d+(st|nd|rd|th)$/)).toBeVisible();
  await expect(result.locator('.bin.mine')).toHaveCount(1);
  await screenshots(page, '17-daily-solved');
});

/**
 * A first visit to the daily with an empty cache, as the browser counts it on the wire: the
 * JavaScript must arrive compressed and under the budget, and a second visit must take
 * every script from the cache (hashed assets are immutable). Bytes are deterministic, so they
 * are a budget; time on a shared machine is only printed (bench/web measures a throttled phone).
 */
async function measure(browser: Browser, page: Page) {
  const context = await browser.newContext({ storageState: await page.context().storageState() });
  try {
    const fresh = await context.newPage();
    const scripts = async () => {
      await expect(card(fresh, 0, 3)).toBeVisible();
      return fresh.evaluate(() =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((r) => new URL(r.name).pathname.endsWith('.js'))
          .map((r) => ({
            name: r.name,
            transfer: r.transferSize,
            encoded: r.encodedBodySize,
            decoded: r.decodedBodySize,
          })),
      );
    };
    const started = Date.now();
    await fresh.goto('/daily');
    const first = await scripts();
    const wall = Date.now() - started;
    const timing = await fresh.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const mark = performance.getEntriesByName('board-interactive')[0];
      return { interactive: mark ? mark.startTime : Number.NaN, domContentLoaded: nav.domContentLoadedEventEnd };
    });
    const sum = (key: 'transfer' | 'encoded' | 'decoded') => first.reduce((total, s) => total + s[key], 0);
    expect(first.length).toBeGreaterThan(1);
    expect(sum('encoded'), 'the JavaScript travels compressed').toBeLessThan(sum('decoded') / 2);
    expect(sum('transfer'), 'JavaScript on the wire, first visit to the daily, bytes').toBeLessThan(50_000);
    console.log(
      `[bench] first visit to the daily: ${(sum('transfer') / 1000).toFixed(1)} kB of JavaScript on the wire ` +
        `(${(sum('decoded') / 1000).toFixed(1)} kB decoded) in ${first.length} files`,
    );
    console.log(
      `[bench] daily board interactive ${timing.interactive.toFixed(0)} ms after navigation start ` +
        `(DOMContentLoaded ${timing.domContentLoaded.toFixed(0)} ms; wall clock incl. socket ${wall} ms)`,
    );

    await fresh.goto('/daily');
    const again = await scripts();
    expect(again.length).toBe(first.length);
    for (const s of again) expect(s.transfer, `${s.name} comes from the cache`).toBe(0);
  } finally {
    await context.close();
  }
}

test('a dropped connection shows, reconnects by itself and the game goes on', async ({ page }) => {
  const sockets: import('@playwright/test').WebSocketRoute[] = [];
  await page.routeWebSocket('/ws', (ws) => {
    ws.connectToServer();
    sockets.push(ws);
  });
  await page.goto('/daily');
  await pickNickname(page, 'Flaky');
  await expect(card(page, 0, 3)).toBeVisible();
  const start = dailyStart();
  const move = singleTargetMove(start);
  await drag(page, move.from, move.row, move.to);
  await expect(await movesShown(page)).toHaveText('1');

  await sockets.at(-1)!.close({ code: 1006 });
  await expect(page.locator('[data-connection="reconnecting"]')).toBeVisible();
  await screenshots(page, '15-reconnecting');
  await expect(page.locator('[data-connection="online"]')).toBeVisible({ timeout: 10_000 });
  expect(sockets.length).toBeGreaterThan(1);

  await page.getByRole('button', { name: /Deal the stock/ }).click();
  await expect(await movesShown(page)).toHaveText('2');
  await page.reload();
  await expect(await movesShown(page)).toHaveText('2');
  await expect(page.getByRole('button', { name: 'The stock has been dealt' })).toBeVisible();
});

test("after the day, the deal is public and the solver's solution steps through it", async ({ page }) => {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await page.goto(`/leaderboards?tab=daily&date=${yesterday}`);
  await page.getByRole('link', { name: 'Watch a solution of this deal' }).click();
  await expect(page.getByText(/moves, the line the solver certified/)).toBeVisible();
  const steps = page.locator('.count');
  await expect(steps).toHaveText(/^0\/\d+$/, { timeout: 20_000 });
  await page.keyboard.press('End');
  const total = (await steps.textContent())!.split('/')[1];
  await expect(steps).toHaveText(`${total}/${total}`);
  await expect(page.locator('.column.complete')).toHaveCount(4);
  await screenshots(page, '16-solution');
});
