import type { BrowserContext, Page } from '@playwright/test';
import { dealFromSeed, recordOf } from '../packages/rules/src/index.ts';
import { DAILY_SEED, dailyWinningLine } from './fixtures/deals.ts';
import { card, pickNickname, playByHand, screenshots } from './helpers.ts';
import { expect, test } from './test.ts';

// The challenge link is copied to the clipboard and read back, as a friend would be sent it.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** A signed-in player in `context`: practice is then played on the server. */
async function signedIn(context: BrowserContext, nickname: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/rules');
  expect((await context.request.post('/api/players', { data: { nickname } })).status()).toBe(201);
  return page;
}

test('a practice game played online becomes a challenge link, and a friend races its ghost to the end', async ({
  browser,
  context,
}) => {
  // 51 moves by hand twice, every one waited for.
  test.setTimeout(300_000);
  const line = dailyWinningLine();
  const page = await signedIn(context, 'Pia');
  // A seed of the player's own (the e2e daily's deal, whose winning line the test knows).
  await page.goto(`/practice?variant=scorpion&seed=${DAILY_SEED}`);
  await expect(page.getByTestId('seed')).toHaveText(DAILY_SEED);
  // Timed by the server: the clock shows, and the seed the player chose stays theirs to share.
  await expect(page.locator('.stat', { hasText: 'Time' })).toBeVisible();
  await expect(page.locator('[data-connection="online"]')).toBeVisible();
  for (const move of line) await playByHand(page, move);
  const over = page.getByTestId('game-over');
  await expect(over.getByRole('heading', { name: 'Solved!' })).toBeVisible();
  await over.getByRole('button', { name: 'Beat my time: challenge a friend' }).click();
  await over.getByRole('button', { name: 'Copy challenge link' }).click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/c\/[\w-]{10,32}$/);
  await expect(over.locator('code')).toHaveText(link);
  await screenshots(page, '24-practice-challenge-link');

  // A friend, in a browser of their own, opens the link and plays the same deal beside Pia's ghost.
  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await friend.goto(link);
  await expect(friend.getByRole('heading', { name: "Beat Pia's time" })).toBeVisible();
  await expect(friend.getByText(/solved it in/)).toBeVisible();
  await screenshots(friend, '25-practice-challenge-open');
  await friend.getByRole('button', { name: 'Play the challenge' }).click();
  await pickNickname(friend, 'Quin');
  const ghost = friend.getByTestId('ghost');
  await expect(ghost).toContainText('Pia');
  await playByHand(friend, line[0]!);
  // The ghost plays Pia's moves on the server's clock, as fast as she played them.
  await expect(ghost.getByTestId('ghost-moves')).toHaveText(/^[1-9]\d*$/, { timeout: 20_000 });
  await screenshots(friend, '26-practice-challenge-ghost');
  for (const move of line.slice(1)) await playByHand(friend, move);
  const result = friend.getByTestId('challenge-result');
  await expect(result).toContainText(/You beat Pia's ghost!|Pia's ghost stays ahead/);
  await expect(result.locator('tbody tr').first()).toContainText('solved');
  const compare = friend.getByTestId('challenge-compare');
  await expect(compare.getByTestId('compare-step')).toHaveText(`0/${line.length}`);
  await screenshots(friend, '27-practice-challenge-result');
  await friendContext.close();

  // Pia's own game: its record exports as the browser's practice did, and it replays from the server.
  await over.getByRole('button', { name: 'Export record' }).click();
  const exported = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  const options = { foundations: false, open: false };
  expect(exported).toEqual(recordOf('scorpion', options, dealFromSeed('scorpion', DAILY_SEED), line));
  await over.getByRole('link', { name: 'Replay' }).click();
  await expect(page).toHaveURL(/\/replay\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'Pia · practice' })).toBeVisible();
  await expect(page.locator('.count')).toHaveText(`0/${line.length}`);

  // Back on her own link, Pia is told it is hers to send, not invited to beat "Pia's time".
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Beat your own time' })).toBeVisible();
  await expect(page.getByText(/This is your challenge: you solved it in/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Play against your ghost' })).toBeVisible();
});

test('a deal the server dealt keeps its seed back until it is over; given up without a move, it has no time to beat', async ({
  context,
}) => {
  const page = await signedIn(context, 'Rue');
  await page.goto('/practice?variant=wasp');
  await expect(page.getByText('Seed shown at the end')).toBeVisible();
  await expect(page.locator('.stat', { hasText: 'Time' })).toBeVisible();
  await expect(page).toHaveURL(/\/practice\?variant=wasp$/);
  await expect(page.getByTestId('seed')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(/[0-9a-f]{32}/);
  await screenshots(page, '28-practice-server-deal');

  await page.getByRole('button', { name: 'Give up' }).click();
  await page.getByRole('button', { name: 'Really give up?' }).click();
  const over = page.getByTestId('game-over');
  await expect(over.getByRole('heading', { name: 'Game over' })).toBeVisible();
  // Over, the deal is public: its seed shows, and the address names it.
  await expect(page.getByTestId('seed')).toHaveText(/^[0-9a-f]{32}$/);
  await expect(page).toHaveURL(/\/practice\?variant=wasp&seed=[0-9a-f]{32}$/);
  // Given up without a move, it has no time to beat: no challenge is offered (the first test
  // makes one of a game played).
  await expect(over.getByRole('button', { name: /Beat my time/ })).toHaveCount(0);

  // A new deal is dealt by the server again, and a reload comes back to the same game.
  await over.getByRole('button', { name: 'New deal' }).click();
  await expect(page.getByText('Seed shown at the end')).toBeVisible();
  await expect(page.getByTestId('game-over')).toHaveCount(0);
  const cards = () =>
    page.locator('.columns [data-col]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  await expect(page.locator('.columns [data-col]').first()).toBeVisible();
  const dealt = await cards();
  await page.reload();
  await expect(page.getByText('Seed shown at the end')).toBeVisible();
  await expect(page.locator('.columns [data-col]').first()).toBeVisible();
  expect(await cards()).toEqual(dealt);
});

test('on a seed of the player’s own, practice on the server still gives hints, from the face-down cards the seed deals', async ({
  context,
}) => {
  const page = await signedIn(context, 'Sol');
  await page.goto(`/practice?variant=scorpion&seed=${DAILY_SEED}`);
  await expect(page.locator('.stat', { hasText: 'Time' })).toBeVisible();
  // The deal's first winning move takes column 4's 4th card to column 2 (as in the browser's practice).
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(card(page, 3, 3)).toHaveClass(/hinted/, { timeout: 15_000 });
  await expect(page.locator('.column').nth(1)).toHaveClass(/target/);
  // Deeper in, past cards turned over on the server, the hint still finds a winning move.
  for (const move of dailyWinningLine().slice(0, 12)) await playByHand(page, move);
  await page.getByRole('button', { name: 'Hint' }).click();
  // The move's card lights up (with the run on it), and the column it goes to.
  await expect(page.locator('.columns .hinted').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.column.target')).toHaveCount(1);
  await expect(page.getByText('This position can no longer be won')).toHaveCount(0);
});
