import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { pickNickname, raceUnderway, recordThrown, screenshots } from './helpers.ts';
import { expect, test } from './test.ts';

// The ghost test races a game the strangers' test recorded: the two run in order, the second only after the first passed.
test.describe.configure({ mode: 'serial' });

/** What every page of the test threw: nothing, whatever it showed. */
const thrown: string[] = [];
test.afterEach(() => {
  expect(thrown.splice(0)).toEqual([]);
});

async function player(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  recordThrown(page, thrown);
  await page.goto('/');
  return page;
}

async function giveUp(page: Page) {
  await page.getByRole('button', { name: 'Give up' }).click();
  await page.getByRole('button', { name: 'Really give up?' }).click();
}

/** From the home page: "Race someone now" and a nickname: in the queue. */
async function queue(page: Page, nickname: string) {
  await page.getByRole('link', { name: /Race someone now/ }).click();
  await expect(page).toHaveURL(/\/quick$/);
  await page.getByRole('button', { name: 'Race someone now' }).click();
  await pickNickname(page, nickname);
}

/** A player alone in the queue: the wait begins. */
async function queueAlone(page: Page, nickname: string) {
  await queue(page, nickname);
  await expect(page.getByText('Looking for an opponent…')).toBeVisible();
}

test('two strangers press "Race someone now", are paired into a rated race, and the rating board lists both', async ({
  browser,
}) => {
  // Two players, a race, and a return to the queue: more than the default 90 s on a loaded machine.
  test.setTimeout(180_000);
  const ann = await player(browser);
  await screenshots(ann, '40-home-quick');
  await ann.goto('/quick');
  await screenshots(ann, '40-quick-start');
  await ann.goto('/');
  await queueAlone(ann, 'Quick Ann');
  await expect(ann.getByTestId('queue-waiting')).toHaveText('1');
  await screenshots(ann, '41-quick-waiting');
  await expectAccessible(ann, 'quick race queue');

  // Esc leaves the queue, and the button joins it again.
  await ann.keyboard.press('Escape');
  await expect(ann.getByRole('button', { name: 'Race someone now' })).toBeVisible();
  await ann.getByRole('button', { name: 'Race someone now' }).click();
  await expect(ann.getByText('Looking for an opponent…')).toBeVisible();

  const bob = await player(browser);
  // Bob may be paired at the queue's very next look, before his page ever shows the wait.
  await queue(bob, 'Quick Bob');
  // Within a look or two of the queue (every 2 s), both are sent to one room whose race counts down.
  for (const page of [ann, bob]) await expect(page).toHaveURL(/\/r\/[A-Z0-9]{6}\?quick$/, { timeout: 15_000 });
  expect(new URL(ann.url()).pathname).toBe(new URL(bob.url()).pathname);
  for (const page of [ann, bob]) await raceUnderway(page);
  await screenshots(bob, '42-quick-race');
  await giveUp(bob);
  await giveUp(ann);
  for (const page of [ann, bob]) {
    await expect(page.getByTestId('race-results').getByRole('columnheader', { name: 'Rating' })).toBeVisible();
  }
  // Neither moved: there is no time to beat, so no "Beat my time".
  await expect(ann.getByRole('button', { name: /Beat my time/ })).toHaveCount(0);

  // "New opponent": back in the queue at once, for the same game; Esc leaves it again.
  await ann.getByRole('link', { name: 'New opponent' }).click();
  await expect(ann).toHaveURL(/\/quick$/);
  await expect(ann.getByText('Looking for an opponent…')).toBeVisible();
  await expect(ann.getByTestId('queue-waiting')).toHaveText('1');
  await ann.keyboard.press('Escape');
  await expect(ann.getByRole('button', { name: 'Race someone now' })).toBeVisible();
  // Scorpion Tail is the same game: one queue, not an option of its own.
  await expect(ann.getByRole('combobox', { name: 'Variant' }).getByRole('option')).toContainText([
    'Scorpion (or Scorpion Tail)',
  ]);

  await ann.goto('/leaderboards?tab=ratings');
  const board = ann.getByTestId('rating-board');
  await expect(board).toContainText('Quick Ann');
  await expect(board).toContainText('Quick Bob');
});

test('a lone player is offered a recorded game after the wait, unrated, and races its ghost', async ({ browser }) => {
  const cal = await player(browser);
  await queueAlone(cal, 'Quick Cal');
  // The first test's racers have recorded games: one of them is offered (after e2e/serve.ts's 3 s).
  const offer = cal.getByRole('alert');
  await expect(offer).toContainText(/Race Quick (Ann|Bob)'s recorded game/, { timeout: 15_000 });
  await expect(offer).toContainText('Unrated: a ghost race does not change your rating.');
  await screenshots(cal, '43-quick-ghost-offer');
  await expectAccessible(cal, 'quick race ghost offer');

  // Declined, the wait goes on with the ghost a button away; then taken after all.
  await offer.getByRole('button', { name: 'Keep waiting' }).click();
  await expect(cal.getByText('Looking for an opponent…')).toBeVisible();
  await cal.getByRole('button', { name: /ghost instead \(unrated\)/ }).click();
  await expect(cal).toHaveURL(/\/c\/[\w-]{10,32}\?from=queue$/);
  await cal.getByRole('button', { name: 'Play the challenge' }).click();
  await expect(cal.getByTestId('ghost')).toContainText(/Quick (Ann|Bob)/);
  await screenshots(cal, '44-quick-ghost-race');
});
