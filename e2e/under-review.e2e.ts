import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { dailyWinningLine } from './fixtures/deals.ts';
import { databasePath, playByHand, screenshots, startDaily } from './helpers.ts';
import { expect, test } from './test.ts';

const ROOT = join(import.meta.dirname, '..');

/** A TypeScript command of the repository (Node through tsx) on the e2e server's database; its stdout. */
function run(script: string, args: readonly string[]): Promise<string> {
  const env = { ...process.env, DATABASE_PATH: databasePath() };
  delete env.DATABASE_URL;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', script, ...args],
      { cwd: ROOT, env },
      (error, stdout, stderr) => (error ? reject(new Error(stderr)) : resolve(stdout)),
    );
  });
}

/** The server's weigher on the player's latest ranked daily (e2e/fixtures/weigh.ts). */
async function weigh(nickname: string): Promise<{ held: string; score: number; status: string }> {
  return JSON.parse(await run('e2e/fixtures/weigh.ts', [nickname]));
}

/** `pnpm moderator grant NICKNAME`, as the operator types it, on the e2e server's database. */
function grantModerator(nickname: string): Promise<string> {
  return run('apps/server/src/ops/moderator-cli.ts', ['grant', nickname]);
}

test('a player who plays the daily as one who knows the deal is held by the weigher: their result, home and profile say it is under review; a moderator reads the evidence', async ({
  page,
}) => {
  // The daily played by hand along the solver's line (slow on a loaded machine), then a Node
  // process weighing it with a solver thread.
  test.setTimeout(900_000);
  const nickname = 'Keen Seer';
  // The test knows the deal's seed: it plays the solver's line from the full deal, as a scout would.
  const line = dailyWinningLine();
  await page.goto('/daily');
  await startDaily(page, nickname);
  await playByHand(page, line[0]!);
  // The player looks at another tab for a moment, as the page's Page Visibility API tells it.
  const tab = (hidden: boolean) =>
    page.evaluate((h) => {
      Object.defineProperty(document, 'hidden', { value: h, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
  await tab(true);
  await playByHand(page, line[1]!);
  await tab(false);
  for (const move of line.slice(2)) await playByHand(page, move);
  const result = page.getByTestId('daily-result');
  await expect(result.getByRole('heading', { name: 'You solved it!' })).toBeVisible();
  // Ranked at once: a result stands on the board until its evidence holds it.
  await expect(result.getByText(/^\d+(st|nd|rd|th)$/)).toBeVisible();
  await expect(page.getByTestId('daily-review')).toHaveCount(0);

  const weighed = await weigh(nickname);
  expect(weighed).toMatchObject({ status: 'done', held: 'held' });
  // A player's own rank is kept 15 s (routes/rank-cache.ts), and the weigher here is another
  // process: the server's clock is moved past it, so the page reads the held result, not the rank
  // it showed a moment ago, however fast the weighing was.
  expect((await page.request.post('/e2e/clock', { data: { aheadMs: 16_000 } })).ok()).toBe(true);

  // The result is still theirs, with the notice in place of a rank: nothing decided, a person will look.
  await page.reload();
  await expect(result.getByRole('heading', { name: 'You solved it!' })).toBeVisible();
  const notice = page.getByTestId('daily-review');
  await expect(notice).toContainText(/Your daily result of .+ is under review/);
  await expect(notice).toContainText('nothing has been decided');
  await expect(notice).toContainText('Only you see this note');
  await expect(result.getByText(/^\d+(st|nd|rd|th)$/)).toHaveCount(0);
  await screenshots(page, '70-daily-under-review');

  await page.goto('/');
  await expect(page.getByText('(under review: see your result).')).toBeVisible();

  await page.goto(`/p/${encodeURIComponent(nickname)}`);
  await expect(page.getByTestId('profile-review')).toContainText('is under review');

  // A moderator finds the held game in the queue, with its evidence: the tab's hidden share is among it.
  const moderator = await page.context().browser()!.newPage();
  await moderator.goto('/daily');
  expect((await moderator.request.post('/api/players', { data: { nickname: 'Calm Referee' } })).status()).toBe(201);
  expect(await grantModerator('Calm Referee')).toContain('Calm Referee is now a moderator');
  await moderator.goto('/mod');
  const entry = moderator.getByTestId('mod-queue').getByRole('listitem').filter({ hasText: nickname });
  await expect(entry).toContainText(/Evidence: Running clairvoyance score|Evidence: Clairvoyance score/);
  await expect(entry).toContainText(/the tab hidden (under 1%|\d+%) of the game’s time/);
  await moderator.close();

  // Nobody else is told: another visitor reads the same profile without the note.
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`/p/${encodeURIComponent(nickname)}`);
  await expect(visitor.getByRole('heading', { name: nickname })).toBeVisible();
  await expect(visitor.getByTestId('profile-review')).toHaveCount(0);
  await visitor.close();
});
