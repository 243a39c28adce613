import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium.ts';
import { DAILY_SEED, dailyWinningLine } from './fixtures/deals.ts';
import { failOnThrown, movesShown, playByHand, practiceAt, screenshots } from './helpers.ts';
import { expect, test } from './test.ts';

/*
 * The app on the home screen: Chromium finds it installable, a repeat visit needs no network for
 * the shell and practice, and a new deploy is offered, never forced on a game. The other specs
 * block service workers (playwright.config.ts) so that each sees the network as a first visit does.
 */
test.use({ serviceWorkers: 'allow' });
failOnThrown();

const SW = join(import.meta.dirname, '../apps/web/dist/sw.js');

/** Loads `path` and waits until the service worker has kept the whole build and is active. */
async function firstVisit(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

test('Chromium finds the app installable: a manifest with icons, standalone, and a service worker', async ({
  baseURL,
}) => {
  // A profile of its own on disk: Chromium never offers to install from an incognito context,
  // which is what every other test's context is.
  const profile = mkdtempSync(join(tmpdir(), 'scorpion-install-'));
  const context = await chromium.launchPersistentContext(profile, { ...CHROMIUM_LAUNCH, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await firstVisit(page, '/');
    const cdp = await context.newCDPSession(page);
    await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    const parsed = JSON.parse(manifest.data ?? '{}') as { display: string; icons: { sizes: string }[] };
    expect(parsed.display).toBe('standalone');
    expect(parsed.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('offline after a first visit, the home page and a practice game load, and the game plays to the end', async ({
  context,
  page,
}) => {
  // The winning line is the solver's (seconds), then a whole game by hand on a shared machine.
  test.slow();
  await firstVisit(page, '/');
  await context.setOffline(true);
  await page.goto('/');
  await expect(page.locator('[data-connection="offline"]')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Practice' }).first()).toBeVisible();

  const line = dailyWinningLine();
  await practiceAt(
    page,
    { variant: 'scorpion', options: { foundations: false, open: false }, seed: DAILY_SEED },
    line.slice(0, -2),
  );
  await playByHand(page, line.at(-2)!);
  await playByHand(page, line.at(-1)!);
  await expect(page.getByTestId('game-over').getByRole('heading', { name: 'Solved!' })).toBeVisible();
  await expect(await movesShown(page)).toHaveText(String(line.length));
  await screenshots(page, '60-practice-offline');
});

test('the service worker registers only once the daily is played: never while the Start screen waits for its press', async ({
  page,
}) => {
  // Whether the daily's board was on the page at each registration (the page's `performance`
  // marks are the fake clock's, so the board's own element says it).
  await page.addInitScript(() => {
    const calls: boolean[] = [];
    Object.assign(window, { swRegistrations: calls });
    const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
    navigator.serviceWorker.register = (...args) => {
      calls.push(document.querySelector('.board') !== null);
      return register(...args);
    };
  });
  const registrations = () =>
    page.evaluate(() => (window as unknown as { swRegistrations: boolean[] }).swRegistrations);
  // The page's timers and idle moments run on a clock the test moves: a minute on the Start screen.
  await page.clock.install();
  await page.goto('/daily');
  const start = page.getByRole('button', { name: 'Start the clock and deal' });
  await expect(start).toBeEnabled();
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.clock.runFor(60_000);
  await expect(start).toBeEnabled();
  expect(await registrations()).toEqual([]);
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistration())).toBeUndefined();

  await start.click();
  await expect(page.locator('.board')).toBeVisible();
  await expect
    .poll(async () => {
      await page.clock.runFor(1000);
      return registrations();
    })
    .toEqual([true]);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
});

/** Puts a new build's service worker where the server serves it, and has the page look for it. */
async function deploy(page: Page, built: string, build: string) {
  writeFileSync(SW, `${built}\n// ${build}\n`);
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.ready).update();
  });
}

test('a new deploy is offered: off the board a Reload takes it, mid-game it only says it is coming', async ({
  page,
}) => {
  const built = readFileSync(SW, 'utf8');
  try {
    await firstVisit(page, '/');
    await page.goto('/rules');
    await deploy(page, built, 'the next build');
    const offer = page.getByTestId('update-ready');
    await expect(offer).toHaveText(/^A new version is ready\./);
    const reloaded = page.waitForEvent('load');
    await offer.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page).toHaveURL(/\/rules$/);
    await expect(offer).toHaveCount(0);

    // Another build waits while a game is on the board: it is announced, and nothing reloads.
    await deploy(page, built, 'the build after');
    await expect(offer).toBeVisible();
    const line = dailyWinningLine();
    await practiceAt(
      page,
      { variant: 'scorpion', options: { foundations: false, open: false }, seed: DAILY_SEED },
      line.slice(0, 3),
    );
    await expect(offer).toContainText('A new version is ready. It loads when you leave this game.');
    await expect(offer.getByRole('button', { name: 'Reload' })).toHaveCount(0);
    await screenshots(page, '61-update-mid-game');
    // Over a phone's board it covers the longest columns: the player can put it away.
    await offer.getByRole('button', { name: 'Hide' }).click();
    await expect(offer).toHaveCount(0);
    await playByHand(page, line[3]!);
    await expect(await movesShown(page)).toHaveText('4');
  } finally {
    writeFileSync(SW, built);
  }
});
