import type { Browser } from '@playwright/test';
import { ARTIFACTS, card, scriptsUntilPlayable, TAKE_SCREENSHOTS } from './helpers.ts';
import { expect, test } from './test.ts';

test.use({ locale: 'de-DE' });

test('a German browser gets the site in German; a player who picks French keeps French after a reload', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page).toHaveTitle('Scorpion Race · Scorpion-Solitär gegen deine Freunde');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Tagesspiel #\d+$/);
  await expect(page.getByRole('link', { name: 'Heutige Tagesaufgabe spielen' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Heutige Bestenliste' })).toBeVisible();
  // Dates through Intl in the chosen language: a German weekday heads the day's line.
  await expect(page.locator('.daily .muted').first()).toContainText(
    /^(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag), \d+\. /,
  );
  const nav = page.getByRole('navigation', { name: 'Hauptmenü' });
  await expect(nav.getByRole('link', { name: 'Regeln' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Bestenlisten' })).toBeVisible();

  await page.getByLabel('Einstellungen').click();
  const language = page.getByLabel('Sprache');
  await expect(language).toHaveValue('de');
  await Promise.all([page.waitForEvent('load'), language.selectOption('fr')]);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(
    page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Règles' }),
  ).toBeVisible();

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('link', { name: 'Jouer le défi du jour' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Classements' }),
  ).toBeVisible();
  await page.getByLabel('Réglages').click();
  await expect(page.getByLabel('Langue')).toHaveValue('fr');
});

test('a page reached by navigation in German is German from its first paint: never an English word in between', async ({
  page,
}) => {
  // Every text the page shows, taken at each change of the document, so that a flash of English
  // (a page painted before its words arrived) would be caught.
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { seen });
    new MutationObserver(() => seen.push(document.body?.textContent ?? '')).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  const languageFiles: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/de\/[\w.-]+\.js$/.test(r.url())) languageFiles.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Heutige Tagesaufgabe spielen' })).toBeVisible();
  const onHome = languageFiles.length;
  await page.getByRole('link', { name: 'Heutige Tagesaufgabe spielen' }).click();
  await expect(page).toHaveURL(/\/daily$/);
  await expect(page.getByRole('button', { name: 'Uhr starten und austeilen' })).toBeVisible();
  // The daily's chunks, its German words in them, came from German's build as the page was reached.
  expect(languageFiles.length).toBeGreaterThan(onHome);
  const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  expect(seen.length).toBeGreaterThan(0);
  const english = /Start the clock and deal|even if you close this tab|Play today's daily|Leaderboards|Settings/;
  expect(seen.filter((text) => english.test(text))).toEqual([]);
});

test('a German player whose result is kept off the board reads why in German, worded by the page from the reason', async ({
  page,
  context,
}) => {
  const start = async (nickname: string) => {
    expect((await page.request.post('/api/players', { data: { nickname } })).status()).toBe(201);
    await page.reload();
    await page.getByRole('button', { name: 'Uhr starten und austeilen' }).click();
    await expect(card(page, 0, 3)).toBeVisible();
  };
  // A spare identity opens today's deal on this browser (its device cookie), then the browser
  // forgets that player, keeps its device, and signs up someone else (as daily.e2e.ts does).
  await page.goto('/daily');
  await start('Ersatz');
  await context.clearCookies({ name: 'scorpion_id' });
  await page.goto('/daily');
  // The notice's words travel only once such a result is shown: none before it.
  const noticeWords: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/de\/dailyNoticeText-[\w-]+\.js$/.test(r.url())) noticeWords.push(r.url());
  });
  await start('Markiert');
  expect(noticeWords).toEqual([]);
  await page.getByRole('button', { name: 'Aufgeben' }).click();
  await page.getByRole('button', { name: 'Wirklich aufgeben?' }).click();
  const flagged = page.getByTestId('daily-result').getByTestId('daily-flagged');
  await expect(flagged).toHaveText(
    /^Nicht in der Bestenliste: Ein anderer Spieler hat die heutige Tagesaufgabe auf diesem Gerät geöffnet/,
  );
  expect(noticeWords.length).toBeGreaterThan(0);
  // A later visit words it again from the server's standing, never in the server's English.
  await page.reload();
  await expect(page.getByTestId('daily-result').getByTestId('daily-flagged')).toContainText('auf diesem Gerät');
  await expect(page.getByTestId('daily-result')).not.toContainText('Kept off the board');
});

test('the German home page and daily at desktop size', async ({ page }) => {
  for (const [path, name] of [
    ['/', 'language-de-home-desktop'],
    ['/daily', 'language-de-daily-desktop'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Tagesspiel #\d+/);
    if (TAKE_SCREENSHOTS) await page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true });
  }
});

test('the German home page and daily fit a phone: no button or heading runs out of its box', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 915 });
  for (const [path, name] of [
    ['/', 'language-de-home-phone'],
    ['/daily', 'language-de-daily-phone'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Tagesspiel #\d+/);
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('main a, main button, main h1, main h2, header a, header button')]
        .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.textContent?.trim()),
    );
    expect(overflowing, path).toEqual([]);
    if (TAKE_SCREENSHOTS) await page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true });
  }
});

/**
 * A first visit to the daily's board in `locale`, as the bundle budget counts it (daily.e2e.ts):
 * the JavaScript bytes on the wire. Only the active language's messages may travel.
 */
async function firstVisit(browser: Browser, locale: string): Promise<{ bytes: number; files: string[] }> {
  const setup = await browser.newContext({ locale });
  const page = await setup.newPage();
  await page.goto('/daily');
  await page.getByTestId('daily-start').getByRole('button').click();
  // Generous: two browsers' worth of work on a shared machine; bytes, not time, are measured here.
  await expect(card(page, 0, 3)).toBeVisible({ timeout: 30_000 });
  const context = await browser.newContext({ locale, storageState: await setup.storageState() });
  await setup.close();
  const fresh = await context.newPage();
  await fresh.goto('/daily');
  await expect(card(fresh, 0, 3)).toBeVisible({ timeout: 30_000 });
  const files = await scriptsUntilPlayable(fresh);
  await context.close();
  return { bytes: files.reduce((total, f) => total + f.transfer, 0), files: files.map((f) => f.path) };
}

test('the first visit to the daily stays under the budget in every language, and loads only its own', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // Each language is a build of its own, under assets/<locale>/ (vite/localeBuilds.ts); English's is assets/.
  const languages = (files: string[]) => new Set(files.map((f) => /^\/assets\/(de|fr|es)\//.exec(f)?.[1] ?? 'en'));
  for (const [locale, own] of [
    ['en-US', ['en']],
    ['de-DE', ['de']],
    ['fr-FR', ['fr']],
    ['es-ES', ['es']],
  ] as const) {
    const { bytes, files } = await firstVisit(browser, locale);
    console.log(`[bench] first visit to the daily in ${locale}: ${bytes} bytes of JavaScript on the wire`);
    console.log(files.join(' '));
    expect(bytes, locale).toBeLessThan(51_000);
    expect([...languages(files)], locale).toEqual(own);
  }
});
