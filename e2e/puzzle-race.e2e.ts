import type { Browser, Page } from '@playwright/test';
import type { Puzzle } from '../apps/server/src/puzzles/catalogue.ts';
import { ONE_STEP, TWO_STEPS } from '../apps/server/src/puzzles/test-puzzles.ts';
import { expectAccessible } from './a11y.ts';
import { DESKTOP, drag, recordThrown, screenshots } from './helpers.ts';
import { expect, test } from './test.ts';

/*
 * A puzzle race between two browsers, against the real server (e2e/serve.ts gives it the two
 * hand-built puzzles, so a race goes ONE_STEP, TWO_STEPS, ONE_STEP, …). Ann (signed in) makes it
 * from the puzzles page; a newcomer opens its link in another browser, becomes a guest and is in.
 * Ann starts; the server's clock is moved past the countdown and, later, past the race's 90 s
 * (`POST /e2e/clock`), so no real time is waited for beyond the pages' one-second reads.
 */
const PUZZLES = new Map<string, Puzzle>([ONE_STEP, TWO_STEPS].map((p) => [p.id, p]));
const WRONG = { from: 1, row: 0, to: 0 };
const thrown: string[] = [];
test.afterEach(() => expect(thrown.splice(0)).toEqual([]));

async function browserOf(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  recordThrown(page, thrown);
  return page;
}

/** Plays the whole line of the puzzle the page shows. */
async function solveShown(page: Page) {
  const shown = PUZZLES.get((await page.locator('section.prace').getAttribute('data-puzzle')) ?? '');
  if (!shown) throw new Error('not one of the hand-built puzzles');
  for (const [step, move] of shown.solution.entries()) {
    if (move.kind !== 'move') throw new Error('moves by drag');
    await drag(page, move.from, move.row, move.to);
    if (step + 1 < shown.solution.length) await expect(page.getByText('Right! Keep going.')).toBeVisible();
  }
  await expect(page.getByText('Solved! Next puzzle.')).toBeVisible();
}

const aheadBy = async (page: Page, aheadMs: number) =>
  expect((await page.request.post('/e2e/clock', { data: { aheadMs } })).status()).toBe(200);

test('two browsers race the same puzzles, see each other progress and the final ranking', async ({ browser }) => {
  const ann = await browserOf(browser);
  expect((await ann.request.post('/api/players', { data: { nickname: 'Racer Ann' } })).status()).toBe(201);
  await ann.goto('/puzzles');
  await ann.getByRole('button', { name: 'Race friends on puzzles' }).click();
  await expect(ann).toHaveURL(/\/puzzles\/race\/[A-Z2-9]{6}$/);
  const annRace = ann.locator('section.prace');
  await expect(annRace).toHaveAttribute('data-status', 'lobby');
  await expect(ann.getByRole('button', { name: 'Copy link' })).toBeVisible();

  // A newcomer opens the link: made a guest, and in the race.
  const guest = await browserOf(browser);
  await guest.goto(ann.url());
  const guestRace = guest.locator('section.prace');
  await expect(guestRace).toHaveAttribute('data-status', 'lobby');
  await expect(guest.getByText('Waiting for the race to start…')).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Start the race' })).toHaveCount(0);
  const annRows = ann.getByTestId('race-members').locator('li');
  await expect(annRows).toHaveCount(2);
  const guestName = ((await guest.getByTestId('race-members').locator('li.you .name').textContent()) ?? '').trim();
  expect(guestName).not.toBe('');
  await screenshots(guest, 'puzzle-race-lobby');

  await ann.getByRole('button', { name: 'Start the race' }).click();
  await expect(annRace).toHaveAttribute('data-status', 'countdown');
  await expect(guestRace).toHaveAttribute('data-status', 'countdown');
  await aheadBy(ann, 3_000);
  await expect(annRace).toHaveAttribute('data-status', 'playing');
  await expect(guestRace).toHaveAttribute('data-status', 'playing');
  // The same first puzzle for both.
  const first = await annRace.getAttribute('data-puzzle');
  await expect(guestRace).toHaveAttribute('data-puzzle', first ?? '');
  await expect(ann.getByRole('timer')).toHaveText(/^(1:30|1:2\d)$/);

  // Ann solves the first; the guest misses it, and sees Ann ahead.
  await solveShown(ann);
  await expect(annRace).toHaveAttribute('data-index', '1');
  await drag(guest, WRONG.from, WRONG.row, WRONG.to);
  await expect(guest.getByText('Wrong. Next puzzle.')).toBeVisible();
  await expect(guestRace).toHaveAttribute('data-index', '1');
  const guestRows = guest.getByTestId('race-members').locator('li');
  await expect(guestRows.filter({ hasText: 'Racer Ann' }).getByTestId('race-score')).toHaveText('1');
  await expect(guestRows.first()).toContainText('Racer Ann');
  // The guest solves the second; Ann sees it.
  await solveShown(guest);
  await expect(annRows.filter({ hasText: guestName }).getByTestId('race-score')).toHaveText('1');
  await screenshots(ann, 'puzzle-race-playing');

  // The race's 90 s run out on the server: both see the ranking, Ann first (she reached 1 first).
  await aheadBy(ann, 90_000);
  await expect(annRace).toHaveAttribute('data-status', 'over');
  await expect(guestRace).toHaveAttribute('data-status', 'over');
  for (const page of [ann, guest]) {
    const rows = page.getByTestId('race-members').locator('li');
    await expect(rows.nth(0)).toContainText('Racer Ann');
    await expect(rows.nth(1)).toContainText(guestName);
  }
  await expect(ann.getByText('You placed 1 with 1 solved.')).toBeVisible();
  await expect(guest.getByText('You placed 2 with 1 solved.')).toBeVisible();
  await screenshots(guest, 'puzzle-race-over');
  await expectAccessible(guest, 'puzzle race over');

  // Race again: Ann's new race, and the guest is offered it and joins.
  await expect(guest.getByRole('button', { name: 'Race again' })).toHaveCount(0);
  const before = ann.url();
  await ann.getByRole('button', { name: 'Race again' }).click();
  await expect(ann).not.toHaveURL(before);
  await expect(annRace).toHaveAttribute('data-status', 'lobby');
  await guest.getByRole('link', { name: 'Join the next race' }).click();
  await expect(guest).toHaveURL(ann.url());
  await expect(guestRace).toHaveAttribute('data-status', 'lobby');
  await expect(annRows).toHaveCount(2);
  await ann.context().close();
  await guest.context().close();
});

test('a link to a puzzle race that is not (a wrong code, or a lobby swept unstarted) says why and makes a new race', async ({
  browser,
}) => {
  const page = await browserOf(browser);
  await page.goto('/puzzles/race/ZZZZZZ');
  await expect(page.getByRole('alert')).toContainText('There is no puzzle race with this code');
  await page.getByRole('button', { name: 'Race friends on puzzles' }).click();
  await expect(page).toHaveURL(/\/puzzles\/race\/[A-Z0-9]{6}$/);
  await expect(page.locator('section.prace')).toHaveAttribute('data-status', 'lobby');
  await expect(page.getByRole('button', { name: 'Start the race' })).toBeVisible();
  await page.context().close();
});
