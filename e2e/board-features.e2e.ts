import type { Browser, Page } from '@playwright/test';
import { cardLabel } from '../apps/web/src/board/cardNames.ts';
import { isMovable, tapResult } from '../apps/web/src/board/targets.ts';
import { allFaceUp } from '../apps/web/src/game/autoFinish.ts';
import {
  applyMove,
  dealFromSeed,
  type GameState,
  newGame,
  toPlayerView,
  type VariantId,
} from '../packages/rules/src/index.ts';
import { lineToCompleteRun } from './fixtures/complete-run.ts';
import { DAILY_SEED, dailyWinningLine, singleTargetMove } from './fixtures/deals.ts';
import {
  card,
  countdownSeen,
  DESKTOP,
  movesShown,
  PHONE,
  pickNickname,
  practiceAt,
  raceUnderway,
  screenshots,
  serverDate,
  startDaily,
  watchCountdown,
} from './helpers.ts';
import { expect, test } from './test.ts';

const SEED = '0123456789abcdef0123456789abcdef';
/** A Double Scorpion deal (two decks) where a face-up card can go on either of two columns from the start. */
const TWO_TARGET_SEED = '00000000000000000000000000000001';

function startOf(variant: VariantId, seed: string) {
  return newGame(variant, { foundations: false, open: false }, dealFromSeed(variant, seed));
}

/** A click on the strip of a card that the next card in its column leaves showing. */
const ON_THE_STRIP = { position: { x: 20, y: 8 } };

function choiceOf(state: GameState) {
  for (let column = 0; column < state.columns.length; column++) {
    for (let row = 0; row < state.columns[column]!.length; row++) {
      if (!isMovable(state, column, row)) continue;
      const tap = tapResult(state, { kind: 'column', column, row });
      if (tap.kind === 'choose') return { column, row, targets: tap.targets };
    }
  }
  throw new Error('no card with a choice of columns in this deal');
}

test('a click plays the only move; with two places to go both light up and a second click picks one', async ({
  page,
}) => {
  const start = toPlayerView(startOf('scorpion', SEED));
  const move = singleTargetMove(start);
  await page.goto(`/practice?variant=scorpion&seed=${SEED}`);
  await card(page, move.from, move.row).click(ON_THE_STRIP);
  const moved = start.columns[move.from]![move.row]!;
  const landed = start.columns[move.to]!.length;
  await expect(card(page, move.to, landed)).toHaveAttribute('aria-label', cardLabel(moved, true, move.to));
  await expect(await movesShown(page)).toHaveText('1');

  const double = toPlayerView(startOf('double-scorpion', TWO_TARGET_SEED));
  const choice = choiceOf(double);
  expect(choice.targets).toHaveLength(2);
  await page.goto(`/practice?variant=double-scorpion&seed=${TWO_TARGET_SEED}`);
  await card(page, choice.column, choice.row).click(ON_THE_STRIP);
  await expect(page.locator('.column.target')).toHaveCount(2);
  for (const t of choice.targets) await expect(page.locator('.column').nth(t)).toHaveClass(/target/);
  await expect(card(page, choice.column, choice.row)).toHaveClass(/selected/);
  await expect(await movesShown(page)).toHaveText('0');
  await screenshots(page, '24-two-targets');

  // The second click, on the second target's last card, puts the card there.
  const to = choice.targets[1]!;
  const end = double.columns[to]!.length;
  await card(page, to, end - 1).click();
  const chosen = double.columns[choice.column]![choice.row]!;
  await expect(card(page, to, end)).toHaveAttribute('aria-label', cardLabel(chosen, true, to));
  await expect(page.locator('.column.target')).toHaveCount(0);
  await expect(await movesShown(page)).toHaveText('1');
});

test('a double-click sends a completed run to the foundations', async ({ page }) => {
  const options = { foundations: true, open: false };
  const { seed, moves, column } = lineToCompleteRun(options);
  await practiceAt(page, { variant: 'scorpion', options, seed }, moves);
  await expect(page.locator('.column').nth(column)).toHaveClass(/complete/);
  await expect(page.getByRole('group', { name: 'Foundations: 0 runs' })).toBeVisible();

  await card(page, column, 0).dblclick(ON_THE_STRIP);
  await expect(page.getByRole('group', { name: 'Foundations: 1 run' })).toBeVisible();
  await expect(page.getByRole('group', { name: `Column ${column + 1}, 0 cards` })).toBeVisible();
  // The tip the first click of the double-click showed is gone with the run.
  await expect(page.locator('.toast.show')).toHaveCount(0);
  await expect(await movesShown(page)).toHaveText(String(moves.length + 1));
  await screenshots(page, '25-foundations');
});

test('the four-colour deck and large cards change the cards, and stay after a reload', async ({ page }) => {
  await page.goto(`/practice?variant=scorpion&seed=${SEED}`);
  const board = page.locator('.board');
  const colour = (suit: string) => () =>
    page
      .locator(`.columns .face.${suit}`)
      .first()
      .evaluate((el) => getComputedStyle(el).color);
  const cardWidth = () => board.evaluate((el) => Number.parseFloat(getComputedStyle(el).getPropertyValue('--card-w')));
  const indexSize = () =>
    page
      .locator('.columns .face .corner')
      .first()
      .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
  expect(await colour('clubs')()).toBe('rgb(27, 27, 31)');
  expect(await colour('diamonds')()).toBe('rgb(200, 16, 46)');
  const normalWidth = await cardWidth();
  await page.setViewportSize(PHONE);
  await expect.poll(indexSize).toBeGreaterThanOrEqual(14);
  const phoneIndex = await indexSize();
  await page.setViewportSize(DESKTOP);

  await page.getByLabel('Settings').click();
  await page.getByLabel('Four-colour deck').check();
  await expect(board).toHaveClass(/four-colour/);
  await expect.poll(colour('clubs')).toBe('rgb(23, 114, 69)');
  await expect.poll(colour('diamonds')).toBe('rgb(29, 95, 196)');
  await page.getByLabel('Large cards').check();
  await expect.poll(cardWidth).toBeGreaterThan(normalWidth);
  // Larger, and the deal still fits the window: the page does not scroll.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollHeight - innerHeight))
    .toBeLessThanOrEqual(0);
  // A phone has no room for wider cards: they grow taller, with a larger corner index.
  await page.setViewportSize(PHONE);
  await expect.poll(indexSize).toBeGreaterThan(phoneIndex);
  await page.setViewportSize(DESKTOP);
  await page.getByLabel('Settings').click();
  await screenshots(page, '26-four-colour-large-cards');

  await page.reload();
  await expect(board).toHaveClass(/four-colour/);
  await expect.poll(cardWidth).toBeGreaterThan(normalWidth);
});

async function player(browser: Browser, url: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(url);
  return page;
}

async function giveUp(page: Page) {
  await page.getByRole('button', { name: 'Give up' }).click();
  await page.getByRole('button', { name: 'Really give up?' }).click();
}

test('leaderboards: the all-time board, a head-to-head after a race, and a past day', async ({ browser }) => {
  // Ada gives up today's daily without a move: a result for the all-time board that ranks below
  // any result with a card turned over, so daily.e2e's newcomer still comes first whatever the order.
  const ada = await player(browser, '/daily');
  await startDaily(ada, 'Ada');
  await giveUp(ada);
  await expect(ada.getByTestId('daily-result')).toBeVisible();

  // Bea races Ada once; both give up, which is enough for a head-to-head record.
  const bea = await player(browser, '/race');
  await bea.getByLabel(/Winnable deals only/).check();
  await bea.getByRole('button', { name: 'Create room' }).click();
  await pickNickname(bea, 'Bea');
  await expect(bea).toHaveURL(/\/r\/[A-Z0-9]{6}$/);
  // Ada joins with the code as read out over the phone: lower case, in two halves.
  const code = bea.url().slice(-6);
  await ada.goto('/race');
  await ada.getByLabel('The code a friend read out, or their link').fill('ZZ');
  await ada.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(ada.getByRole('alert')).toContainText('A room code is 6 letters and digits');
  await ada
    .getByLabel('The code a friend read out, or their link')
    .fill(`${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`);
  await ada.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(ada).toHaveURL(new RegExp(`/r/${code}$`));
  await expect(bea.getByTestId('room-members')).toContainText('Ada');
  // The solver may take seconds to find a winnable deal: the button says so meanwhile. Its
  // labels are recorded as they change, since the race may start before an assertion could look.
  const start = bea.getByRole('button', { name: 'Start the race' });
  await start.evaluate((button) => {
    const seen: string[] = [];
    new MutationObserver(() => seen.push(button.textContent ?? '')).observe(button, {
      subtree: true,
      characterData: true,
      childList: true,
    });
    Object.assign(window, { startLabels: seen });
  });
  for (const page of [bea, ada]) await watchCountdown(page);
  await start.click();
  // Giving up is refused until the countdown is over.
  for (const page of [bea, ada]) await raceUnderway(page);
  for (const page of [bea, ada])
    expect(await countdownSeen(page)).toEqual({ shown: true, giveUpDisabledMeanwhile: true });
  expect(await bea.evaluate(() => (window as unknown as { startLabels: string[] }).startLabels)).toContain(
    'Finding a winnable deal…',
  );
  // Ada gives up first and, out of the race, leaves the room from her board: her result stands.
  await giveUp(ada);
  const adaOver = ada.getByTestId('game-over');
  await expect(adaOver).toContainText('You gave up');
  await expect(adaOver).toContainText('Waiting for Bea');
  await adaOver.getByRole('button', { name: 'Leave room' }).click();
  await expect(ada).toHaveURL(/\/$/);
  await giveUp(bea);
  await expect(bea.getByTestId('race-results')).toContainText('Ada');

  // Away from the room, Bea finds it again under her rooms.
  await bea.goto('/race');
  const mine = bea.getByTestId('my-rooms');
  await expect(mine.getByRole('link', { name: code })).toBeVisible();
  await expect(mine).toContainText('hosted by Bea · 1 player · 1 race');
  await screenshots(bea, '27-race-new-your-rooms');
  await mine.getByRole('link', { name: code }).click();
  await expect(bea).toHaveURL(new RegExp(`/r/${code}$`));

  await bea.goto('/leaderboards?tab=all-time');
  const adaRow = bea.locator('tbody tr', { hasText: 'Ada' });
  await expect(adaRow).toContainText('0/1');
  await screenshots(bea, '27-leaderboard-all-time');
  await adaRow.getByRole('link', { name: 'vs you' }).click();
  const h2h = bea.getByTestId('head-to-head');
  await expect(h2h.getByText('1 race', { exact: true })).toBeVisible();
  // Both gave up before a move: they tie, and the record says so instead of a bare 0–0.
  await expect(h2h.getByText('1 draw', { exact: true })).toBeVisible();
  await expect(h2h).toContainText('Bea');
  await expect(h2h).toContainText('Ada');
  await screenshots(bea, '28-head-to-head');

  await bea.goto('/leaderboards');
  const today = bea.getByText(/^Daily #\d+ · \d+ played/);
  const day = Number((await today.textContent())!.match(/#(\d+)/)![1]);
  const yesterday = await serverDate(bea, -1);
  await bea.getByLabel('Day').fill(yesterday);
  await expect(bea).toHaveURL(new RegExp(`date=${yesterday}`));
  await expect(bea.getByText(`Daily #${day - 1} · 0 played · 0 solved`)).toBeVisible();
  await expect(bea.getByText('Nobody has a result for this day yet.')).toBeVisible();
  await expect(bea.getByRole('link', { name: 'Watch a solution of this deal' })).toBeVisible();
  await screenshots(bea, '29-leaderboard-past-day');
  await Promise.all([ada.context().close(), bea.context().close()]);
});

test('leaderboards: the date field keeps to the days with a board; a day outside them is said, not asked for', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const date = new URL(request.url()).searchParams.get('date');
    if (request.url().includes('/api/leaderboards/daily') && date) asked.push(date);
  });
  const today = await serverDate(page);
  await page.goto('/leaderboards?tab=daily&date=2025-12-31');
  const outside = page.getByRole('alert');
  // The range is worded in the player's language (en-US here), as the page's other dates are.
  const medium = (day: string) =>
    new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
  await expect(outside).toHaveText(
    `There is no daily board for 2025-12-31: pick a day from ${medium('2026-01-01')} to ${medium(today)}.`,
  );
  const day = page.getByLabel('Day');
  await expect(day).toHaveAttribute('min', '2026-01-01');
  await expect(day).toHaveAttribute('max', today);

  // A year typed past the field's bounds is refused in the page too.
  await day.fill('2999-01-01');
  await expect(page).toHaveURL(/date=2999-01-01/);
  await expect(outside).toContainText('There is no daily board for 2999-01-01');
  await day.fill(today);
  await expect(page.getByText(/^Daily #\d+ · \d+ played/)).toBeVisible();
  await expect(outside).toHaveCount(0);
  expect(asked).toEqual([today]);
});

test('with every card face up and the win proved, Finish plays the rest; the win is celebrated, but not with reduced motion', async ({
  page,
}) => {
  // The e2e daily's deal and its winning line, played up to the first position with every card face up.
  const line = dailyWinningLine();
  let state = startOf('scorpion', DAILY_SEED);
  let played = 0;
  while (!allFaceUp(state)) {
    const next = applyMove(state, line[played]!);
    if (!next.ok) throw new Error(next.reason);
    state = next.state;
    played++;
  }
  const config = { variant: 'scorpion' as const, options: { foundations: false, open: false }, seed: DAILY_SEED };
  const finish = page.getByRole('button', { name: /^Finish it: \d+ moves$/ });
  await practiceAt(page, config, line.slice(0, played));
  await expect(finish).toBeVisible({ timeout: 20_000 });
  await screenshots(page, '26-finish-offered');
  await finish.click();
  await expect(page.getByTestId('game-over').getByRole('heading', { name: 'Solved!' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('celebration')).toBeVisible();
  // Sounds are off unless turned on.
  await page.getByLabel('Settings').click();
  await expect(page.getByRole('checkbox', { name: 'Sounds' })).not.toBeChecked();

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await practiceAt(page, config, line.slice(0, played));
  await finish.click();
  await expect(page.getByTestId('game-over').getByRole('heading', { name: 'Solved!' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('celebration')).toBeHidden();
});
