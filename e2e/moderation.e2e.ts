import { execFile } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { databasePath, pickNickname, raceUnderway, screenshots } from './helpers.ts';
import { expect, test } from './test.ts';

const ROOT = join(import.meta.dirname, '..');

async function player(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

/** `pnpm moderator grant NICKNAME`, as the operator types it, on the e2e server's database. */
function grantModerator(nickname: string): Promise<string> {
  const env = { ...process.env, DATABASE_PATH: databasePath() };
  delete env.DATABASE_URL;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'apps/server/src/ops/moderator-cli.ts', 'grant', nickname],
      { cwd: ROOT, env },
      (error, stdout, stderr) => (error ? reject(new Error(stderr)) : resolve(stdout)),
    );
  });
}

test('a player reports another from the race results; a moderator, in another browser, marks them; the reporter is told', async ({
  browser,
}) => {
  // Three browsers, a race and a run of the operator's command (a Node process compiling TypeScript).
  test.setTimeout(240_000);
  const cheat = await player(browser, '/race');
  await cheat.getByRole('button', { name: 'Create room' }).click();
  await pickNickname(cheat, 'Sly Racer');
  await expect(cheat).toHaveURL(/\/r\/[A-Z0-9]{6}$/);
  const reporter = await player(browser, cheat.url());
  await reporter.getByRole('button', { name: 'Pick a nickname and join' }).click();
  await pickNickname(reporter, 'Honest Racer');
  await expect(cheat.getByTestId('room-members')).toContainText('Honest Racer');
  await cheat.getByRole('button', { name: 'Start the race' }).click();
  for (const page of [cheat, reporter]) await raceUnderway(page);
  for (const page of [reporter, cheat]) {
    await page.getByRole('button', { name: 'Give up' }).click();
    await page.getByRole('button', { name: 'Really give up?' }).click();
  }

  // The report, from the results: a reason from the list and a sentence.
  await reporter.getByTestId('race-results').getByRole('button', { name: 'Report Sly Racer' }).click();
  const dialog = reporter.getByRole('dialog', { name: 'Report Sly Racer' });
  await dialog.getByLabel('Seemed to know the face-down cards').check();
  await dialog.getByLabel(/What did you see/).fill('Never once turned a card over to look');
  await screenshots(reporter, '60-report-dialog');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('status')).toContainText('A moderator will look at it');
  await dialog.getByRole('button', { name: 'Close' }).click();
  // A second report while the first is open is refused, in words.
  await reporter.getByTestId('race-results').getByRole('button', { name: 'Report Sly Racer' }).click();
  await dialog.getByLabel('Plays like a program').check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toContainText('You have reported this player already');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The moderator: a player the operator granted, in a browser of their own.
  const moderator = await player(browser, '/race');
  await moderator.getByRole('button', { name: 'Create room' }).click();
  await pickNickname(moderator, 'Fair Referee');
  await moderator.goto('/mod');
  await expect(moderator.getByRole('heading', { name: 'Not found' })).toBeVisible();
  expect(await grantModerator('Fair Referee')).toContain('Fair Referee is now a moderator');
  await moderator.goto('/mod');
  const entry = moderator.getByTestId('mod-queue').getByRole('listitem').first();
  await expect(entry).toContainText('Sly Racer');
  await expect(entry).toContainText('Seemed to know the face-down cards');
  await expect(entry).toContainText('Never once turned a card over to look');
  await expect(entry.getByRole('link', { name: 'Replay the game' })).toBeVisible();
  await screenshots(moderator, '61-mod-queue');
  await expectAccessible(moderator, 'moderation queue');
  await entry.getByLabel('Why, about Sly Racer').fill('Scouted the deal');
  await entry.getByRole('button', { name: 'Mark' }).click();
  await expect(moderator.getByTestId('mod-queue-empty')).toBeVisible();
  await expect(moderator.getByTestId('mod-log')).toContainText('Fair Referee marked Sly Racer: “Scouted the deal”');
  await screenshots(moderator, '62-mod-log');

  // On their next visit, the reporter hears that the report led to action; the marked player, of the mark.
  await reporter.goto('/');
  await expect(reporter.getByTestId('report-outcome')).toContainText('Your report on Sly Racer led to action');
  await cheat.goto('/');
  await expect(cheat.getByTestId('marked-notice')).toContainText('A moderator has marked your account');
  await screenshots(cheat, '63-marked-notice');
});
