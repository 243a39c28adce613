import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { openWin } from './fixtures/deals.ts';
import { ARTIFACTS, fitsTheWidth, pickNickname, playByHand, raceUnderway, recordThrown } from './helpers.ts';
import { expect, test } from './test.ts';

/*
 * Issue #32: watching a race needs no sign-up. A visitor in a browser that never signed up (no
 * cookie at all) opens the room's link and follows the race live, as its members do, without a
 * name and without a seat in the room, and sees a racer's board a few seconds behind as a member
 * who is not racing does.
 */
const thrown: string[] = [];
test.afterEach(() => {
  expect(thrown.splice(0)).toEqual([]);
});

async function opened(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  recordThrown(page, thrown);
  await page.goto(url);
  return page;
}

test('a visitor without a sign-up watches the standings move as a member races, and her board a few seconds behind, and sees the results', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const host = await opened(browser, '/race');
  // The e2e server deals a face-up race a deal with a known winning line (e2e/serve.ts).
  await host.getByLabel('All cards face up').check();
  await host.getByRole('group', { name: 'Time limit' }).getByLabel('None').check();
  await host.getByRole('button', { name: 'Create room' }).click();
  await pickNickname(host, 'Racing Rita');
  await expect(host).toHaveURL(/\/r\/[A-Z0-9]{6}$/);
  const guest = await opened(browser, host.url());
  await guest.getByRole('button', { name: 'Pick a nickname and join' }).click();
  await pickNickname(guest, 'Racing Rob');
  await expect(host.getByTestId('room-members')).toContainText('Racing Rob');

  // The visitor opens the link and signs nothing: the room shows live at once, joining is offered.
  const visitor = await opened(browser, host.url());
  const watch = visitor.getByTestId('visitor-watch');
  await expect(watch.getByRole('heading', { name: 'Watching live' })).toBeVisible();
  await expect(watch).toContainText('2 in the room');
  await expect(watch).toContainText('No race yet');
  await expect(visitor.getByRole('button', { name: 'Pick a nickname and join' })).toBeVisible();

  await host.getByRole('button', { name: 'Start the race' }).click();
  for (const page of [host, guest]) await raceUnderway(page);
  await expect(watch).toContainText('A race is under way');
  const ritaRow = watch.getByTestId('race-progress').locator('li', { hasText: 'Racing Rita' });
  await expect(ritaRow).toContainText('0 moves ·');
  await expect(watch.getByTestId('race-progress').locator('li', { hasText: 'Racing Rob' })).toBeVisible();

  // Rita plays: the visitor's standings follow her, move by move.
  for (const move of openWin.moves.slice(0, 3)) await playByHand(host, move);
  await expect(ritaRow).toContainText('3 moves ·');
  // No card of the race on the visitor's page until they ask for a racer's board.
  await expect(visitor.locator('[data-testid="watched-board"], .card')).toHaveCount(0);
  // They watch Rita as a member who is not racing would: her board comes 5 s behind the race.
  const watching = watch.getByTestId('watch-race');
  await watching.getByRole('button', { name: 'Watch Racing Rita' }).click();
  await expect(watching.getByRole('button', { name: 'Stop watching Racing Rita' })).toBeVisible();
  await expect(watching.getByTestId('watched-moves')).toContainText("Racing Rita's board 5 seconds ago: 3 moves", {
    timeout: 20_000,
  });
  await expect(watching.getByTestId('watched-board').locator('[data-col]').first()).toBeVisible();
  // Rita plays on: her next move reaches the visitor's board, still behind the race.
  await playByHand(host, openWin.moves[3]!);
  await expect(watching.getByTestId('watched-moves')).toContainText('4 moves', { timeout: 20_000 });
  // For a person to look at: the visitor's view at desktop and phone size.
  await visitor.screenshot({ path: join(ARTIFACTS, 'watch-visitor-desktop.png'), fullPage: true });
  await visitor.setViewportSize({ width: 390, height: 844 });
  // The board fits a phone: nothing to scroll sideways, once its cards have slid to their new places.
  await fitsTheWidth(visitor);
  await visitor.waitForTimeout(250);
  await visitor.screenshot({ path: join(ARTIFACTS, 'watch-visitor-phone.png'), fullPage: true });

  for (const page of [guest, host]) {
    await page.getByRole('button', { name: 'Give up' }).click();
    await page.getByRole('button', { name: 'Really give up?' }).click();
  }
  await expect(watch).toContainText('The last race is over');
  await expect(watch.getByTestId('race-results')).toContainText('Racing Rita');

  // The visitor stayed a visitor: no identity was made for them, and the room still has two.
  expect((await visitor.context().cookies()).map((c) => c.name)).not.toContain('scorpion_id');
  await expect(host.getByTestId('room-members').getByRole('listitem')).toHaveCount(2);
});
