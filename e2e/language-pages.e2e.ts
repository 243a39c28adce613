import type { Page } from '@playwright/test';
import { lostPracticeLine, PRACTICE_SEED } from './fixtures/analysis.ts';
import { ARTIFACTS, drag, failOnThrown, fitsTheWidth, PHONE, serverDate, TAKE_SCREENSHOTS } from './helpers.ts';
import { expect, test } from './test.ts';

/*
 * The pages beyond the home page and the daily, in German (issue #37): a profile, a replay with its
 * analysis, the leaderboards and a past day's page, each reached as a player reaches it. The fixed
 * practice deal of e2e/fixtures/analysis.ts makes the replay (lost by its fourth move).
 */
test.use({ locale: 'de-DE' });

failOnThrown();

/** Nothing on the page runs out of its box, nor the page out of the phone's width. */
async function fitsThePhone(page: Page, name: string) {
  await fitsTheWidth(page);
  const overflowing = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main a, main button, main h1, main h2, main th, main label')]
      .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
      .map((el) => el.textContent?.trim()),
  );
  expect(overflowing, name).toEqual([]);
  if (TAKE_SCREENSHOTS) await page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true });
}

test('a German player reads a replay, its analysis and their profile in German', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/rules');
  expect((await page.request.post('/api/players', { data: { nickname: 'Greta' } })).status()).toBe(201);
  await page.goto(`/practice?variant=scorpion&seed=${PRACTICE_SEED}`);
  await expect(page).toHaveTitle('Üben · Scorpion Race');
  await expect(page.locator('.stat', { hasText: 'Zeit' })).toBeVisible();
  // Played as helpers.ts's playByHand does, with the German counter ("Züge") and stock button.
  const counter = page.locator('.stat', { hasText: 'Züge' }).locator('.value');
  for (const [i, move] of lostPracticeLine().entries()) {
    if (move.kind === 'deal') await page.getByRole('button', { name: /Stapel austeilen/ }).click();
    else if (move.kind === 'move') await drag(page, move.from, move.row, move.to);
    await expect(counter).toHaveText(String(i + 1));
  }
  await page.getByRole('button', { name: 'Aufgeben' }).click();
  await page.getByRole('button', { name: 'Wirklich aufgeben?' }).click();
  const over = page.getByTestId('game-over');
  await expect(over.getByRole('heading', { name: 'Spiel vorbei' })).toBeVisible();
  await over.getByRole('link', { name: 'Wiederholung' }).click();

  await expect(page).toHaveTitle('Wiederholung · Scorpion Race');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Greta · Übung');
  await expect(page.getByRole('group', { name: 'Wiedergabesteuerung' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abspielen' })).toBeVisible();
  const analysis = page.getByRole('region', { name: 'Analyse' });
  await expect(analysis.getByTestId('analysis-summary')).toHaveText(
    'Das Spiel war bis Zug 4 gewinnbar: Danach war es nicht mehr zu gewinnen.',
    { timeout: 30_000 },
  );
  await expect(analysis.getByTestId('turning-point')).toContainText('Der Wendepunkt: Zug 4');
  await expect(analysis.getByRole('button', { name: 'Stellung davor' })).toBeVisible();

  await page.goto('/p/Greta');
  await expect(page).toHaveTitle('Greta · Scorpion Race');
  await expect(page.getByTestId('profile-rating')).toContainText('Noch keine gewerteten Rennen.');
  await expect(page.getByRole('heading', { name: 'Letzte Rennen' })).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: 'Lösungsquote' })).toBeVisible();
  await expect(page.getByText('Noch keine Rennen.')).toBeVisible();
  await page.setViewportSize(PHONE);
  await fitsThePhone(page, 'language-de-profile-phone');
});

test('the leaderboards and a past day read in German, and fit a phone', async ({ page }) => {
  await page.goto('/rules');
  const yesterday = await serverDate(page, -1);
  await page.setViewportSize(PHONE);

  await page.goto('/leaderboards?tab=all-time');
  await expect(page).toHaveTitle('Bestenlisten · Scorpion Race');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bestenlisten');
  await expect(page.getByRole('tab', { name: 'Ewige Liste' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Meiste Siege' })).toBeVisible();
  await expect(page.getByTestId('board-order')).toHaveText(/^Nach gelösten Tagesaufgaben; bei Gleichstand/);
  await fitsThePhone(page, 'language-de-leaderboards-phone');

  await page.getByRole('tab', { name: 'Tagesaufgabe' }).click();
  await expect(page.getByLabel('Tag')).toBeVisible();

  await page.goto(`/daily/${yesterday}`);
  const past = page.getByTestId('past-daily');
  await expect(past.getByText('Eine vergangene Tagesaufgabe')).toBeVisible();
  await expect(past.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^Tagesspiel #\\d+ · ${yesterday}$`));
  await expect(past.getByRole('heading', { name: 'Am Tag selbst' })).toBeVisible();
  await expect(past.getByRole('heading', { name: 'Nachträglich gespielt' })).toBeVisible();
  await expect(past.getByRole('link', { name: 'Dieses Spiel spielen (ohne Wertung)' })).toBeVisible();
  await fitsThePhone(page, 'language-de-past-daily-phone');
});
