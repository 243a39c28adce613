import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, type BrowserContextOptions, expect, type Page } from '@playwright/test';
import { VARIANT_IDS } from '../packages/rules/src/index.ts';
import { ARTIFACTS, card, pickNickname, raceUnderway, serverDate, TAKE_SCREENSHOTS } from './helpers.ts';

/*
 * The accessibility tour: every page and state a player meets, scanned by axe-core, with a
 * screenshot of each for a person to look at. Run once on the desktop and once on the phone
 * (a11y.e2e.ts, a11y.phone.e2e.ts). `label-content-name-mismatch` is one of axe's experimental
 * rules, off by default: it is switched on, since the board's cards once failed it by the dozen.
 */

const SEED = '0123456789abcdef0123456789abcdef';

/** Fails with every serious or critical violation of the page as it is now, named by `state`. */
export async function expectAccessible(page: Page, state: string) {
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${state}: ${v.id} (${v.impact}) on ${v.nodes.length}, e.g. ${v.nodes[0]?.target.join(' ')}: ${v.nodes[0]?.failureSummary}`,
    );
  expect.soft(bad, `axe on ${state}`).toEqual([]);
}

/** Scans the page and keeps a screenshot of it under `e2e/artifacts/a11y-<state>-<size>.png` (not in CI). */
async function visit(page: Page, size: string, state: string) {
  // Cards glide into place and panels fade in: scan what stays, not a frame in between.
  await page.waitForTimeout(300);
  if (TAKE_SCREENSHOTS) await page.screenshot({ path: join(ARTIFACTS, `a11y-${state}-${size}.png`) });
  await expectAccessible(page, `${state} (${size})`);
}

async function giveUp(page: Page) {
  await page.getByRole('button', { name: 'Give up' }).click();
  await page.getByRole('button', { name: 'Really give up?' }).click();
}

/*
 * Every page and state, as a newcomer meets them, in three parts that each start afresh (a test
 * each, so none nears its time limit on a loaded machine): reading, then a daily and what a name
 * opens, then a race and the player's devices.
 */

/** The pages a visitor reads before playing, and practice on every variant. */
export async function tourReading(browser: Browser, device: BrowserContextOptions, size: string) {
  const context = await browser.newContext(device);
  const page = await context.newPage();
  const yesterday = await serverDate(page, -1);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: /^Daily #\d+$/ })).toBeVisible();
  await visit(page, size, 'home');
  await page.goto('/rules');
  await visit(page, size, 'rules');
  await page.goto('/win-rates');
  await visit(page, size, 'win-rates');
  await page.goto('/quick');
  await expect(page.getByRole('button', { name: 'Race someone now' })).toBeVisible();
  await visit(page, size, 'quick');
  await page.goto('/nowhere');
  await visit(page, size, 'not-found');

  for (const variant of VARIANT_IDS) {
    await page.goto(`/practice?variant=${variant}&seed=${SEED}`);
    await expect(card(page, 0, 0)).toBeVisible();
    await visit(page, size, `practice-${variant}`);
  }
  await page.goto(`/practice?variant=scorpion&seed=${SEED}&foundations=1`);
  await expect(page.getByRole('group', { name: /^Foundations/ })).toBeVisible();
  await visit(page, size, 'practice-foundations');
  await page.goto('/replay');
  await visit(page, size, 'replay-record');

  await page.goto(`/leaderboards?tab=daily&date=${yesterday}`);
  await expect(page.getByRole('link', { name: 'Watch a solution of this deal' })).toBeVisible();
  await visit(page, size, 'leaderboard-past-day');
  await page.getByRole('link', { name: 'Watch a solution of this deal' }).click();
  await expect(page.locator('.count')).toHaveText(/^0\/\d+$/, { timeout: 20_000 });
  await visit(page, size, 'solution');
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(page.locator('.count')).not.toHaveText(/^0\//);
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.goto(`/solution/${await serverDate(page, 2)}`);
  await expect(page.getByText(/not public yet|no daily deal/)).toBeVisible();
  await visit(page, size, 'solution-not-public');
  await context.close();
}

/** A newcomer's daily, the name it asks for, then practice on the server and the boards. */
export async function tourDaily(browser: Browser, device: BrowserContextOptions, size: string) {
  const context = await browser.newContext(device);
  const page = await context.newPage();

  // The daily: before Start, the board (a newcomer plays first), the result, and the nickname
  // dialog its "Put your name on the board" opens.
  await page.goto('/daily');
  await expect(page.getByTestId('daily-start')).toBeVisible();
  await visit(page, size, 'daily-before');
  await page.getByRole('button', { name: 'Start the clock and deal' }).click();
  await expect(card(page, 0, 3)).toBeVisible();
  await visit(page, size, 'daily-board');
  await giveUp(page);
  await expect(page.getByTestId('daily-result')).toBeVisible();
  await visit(page, size, 'daily-after');
  await page.getByRole('button', { name: 'Put your name on the board' }).click();
  const naming = page.getByRole('dialog', { name: 'Put your name on the board' });
  await expect(naming).toBeVisible();
  await visit(page, size, 'nickname-dialog');
  await naming.getByLabel('Nickname').fill(`Axe ${size}`);
  await naming.getByRole('button', { name: "Let's play" }).click();
  await expect(naming).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('daily-result')).toBeVisible();
  await visit(page, size, 'daily-after-later-visit');
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'See your result' })).toBeVisible();
  await visit(page, size, 'home-after-daily');

  // Practice with a nickname is played on the server: a deal it keeps secret, then its end (given
  // up without a move, it offers no challenge: there is no time to beat).
  await page.goto('/practice?variant=scorpion');
  await expect(page.getByText('Seed shown at the end')).toBeVisible();
  await expect(card(page, 0, 3)).toBeVisible();
  await visit(page, size, 'practice-server');
  await giveUp(page);
  await expect(page.getByTestId('game-over')).toBeVisible();
  await visit(page, size, 'practice-server-over');

  await page.goto('/leaderboards');
  await expect(page.locator('tr[aria-current="true"]')).toBeVisible();
  await visit(page, size, 'leaderboard-daily');
  await page.goto('/leaderboards?tab=all-time');
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await visit(page, size, 'leaderboard-all-time');
  await page.getByRole('button', { name: 'Fastest wins' }).click();
  await visit(page, size, 'leaderboard-fastest');
  await context.close();
}

/** A race from its new-room page to a replay of its results, then the player's devices. */
export async function tourRace(browser: Browser, device: BrowserContextOptions, size: string) {
  const context = await browser.newContext(device);
  const page = await context.newPage();
  expect((await page.request.post('/api/players', { data: { nickname: `Host ${size}` } })).status()).toBe(201);

  // A race: the new-room page, the room, the invitation a guest sees, the board, the results, a replay.
  await page.goto('/race');
  await visit(page, size, 'race-new');
  await page.getByLabel('All cards face up').check();
  await page.getByRole('button', { name: 'Create room' }).click();
  await expect(page).toHaveURL(/\/r\/[A-Z0-9]{6}$/);
  const link = page.url();
  const guestContext = await browser.newContext(device);
  const guest = await guestContext.newPage();
  await guest.goto(link);
  await expect(guest.getByRole('button', { name: 'Pick a nickname and join' })).toBeVisible();
  await visit(guest, size, 'race-invitation');
  await guest.getByRole('button', { name: 'Pick a nickname and join' }).click();
  await pickNickname(guest, `Guest ${size}`);
  await expect(page.getByTestId('room-members')).toContainText(`Guest ${size}`);
  await visit(page, size, 'race-lobby');
  await page.getByRole('button', { name: 'Start the race' }).click();
  await raceUnderway(page);
  await visit(page, size, 'race-board');
  await giveUp(guest);
  await giveUp(page);
  await expect(page.getByTestId('race-results')).toBeVisible();
  await visit(page, size, 'race-results');
  await page.getByTestId('race-results').locator('tbody tr').first().getByRole('link', { name: 'Replay' }).click();
  await expect(page.locator('.count')).toHaveText(/^0\/\d+$/);
  await visit(page, size, 'replay');
  await page.goto('/leaderboards?tab=h2h');
  await visit(page, size, 'leaderboard-head-to-head');

  // A player's devices and passkeys, with a link code shown; the page that signs a device in.
  await page.goto('/devices');
  await expect(page.getByTestId('devices').getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Show a code' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await visit(page, size, 'devices');
  await page.goto('/link');
  await visit(page, size, 'link');
  await Promise.all([context.close(), guestContext.close()]);
}
