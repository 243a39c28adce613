import type { BrowserContext, Page } from '@playwright/test';
import { openWin } from './fixtures/deals.ts';
import { movesShown, playByHand, screenshots } from './helpers.ts';
import { expect, test } from './test.ts';

/** A signed-in player in `context`: practice is then played on the server. */
async function signedIn(context: BrowserContext, nickname: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/rules');
  expect((await context.request.post('/api/players', { data: { nickname } })).status()).toBe(201);
  return page;
}

test('a deal the server dealt gets hints from its solver, without its seed or cards; a game with hints is marked, and cannot be challenged', async ({
  context,
}) => {
  // Two deals, the server's solver proving one lost, and a reload: more than the usual minute and a half on a busy machine.
  test.slow();
  const page = await signedIn(context, 'Hana');
  // The e2e server deals every practice game from the open-win deck (e2e/serve.ts), its seed kept
  // back. Dealt with cards face down, that deck is lost from the start, as the server's solver proves.
  await page.goto('/practice?variant=scorpion');
  await expect(page.getByText('Seed shown at the end')).toBeVisible();
  await expect(page.locator('[data-connection="online"]')).toBeVisible();
  await expect(page.getByTestId('hinted')).toHaveCount(0);
  const hintAnswer = async () => {
    const answered = page.waitForResponse((r) => r.url().includes('/hint') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Hint' }).click();
    return (await answered).json();
  };
  const lost = await hintAnswer();
  // Only a verdict or the next move, never the line (it would tell of cards still face down).
  expect(Object.keys(lost).sort()).toEqual(['hint', 'hints', 'seq']);
  expect(lost).toEqual({ seq: 0, hints: 1, hint: { kind: 'lost' } });
  await expect(page.getByText('This deal cannot be won: try a new deal.')).toBeVisible();
  await expect(page.getByTestId('hinted')).toHaveText('1 hint');
  await expect(page.locator('body')).not.toContainText(/[0-9a-f]{32}/);

  // Face up (its winning line known), a new deal: a new game, unmarked, whose hint is a move.
  await page.getByText('New deal ▾').click();
  await page.getByLabel('All cards face up').check();
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  await expect(page).toHaveURL(/open=1/);
  await expect(page.getByTestId('hinted')).toHaveCount(0);
  const move = await hintAnswer();
  expect(move).toMatchObject({ seq: 0, hints: 1, hint: { kind: 'move' } });
  await expect(page.locator('.columns .hinted').first()).toBeVisible();
  await expect(page.getByTestId('hinted')).toHaveText('1 hint');
  await screenshots(page, '28b-practice-server-hint');

  // A move played, the hint for the old position is gone; the game is given up.
  await playByHand(page, openWin.moves[0]!);
  await expect(page.locator('.columns .hinted')).toHaveCount(0);
  // A reload brings the same game back, still marked: the server counts its hints.
  await page.reload();
  await expect(page.locator('[data-connection="online"]')).toBeVisible();
  await expect(await movesShown(page)).toHaveText('1');
  await expect(page.getByTestId('hinted')).toHaveText('1 hint');
  await page.getByRole('button', { name: 'Give up' }).click();
  await page.getByRole('button', { name: 'Really give up?' }).click();
  const over = page.getByTestId('game-over');
  await expect(over.getByRole('heading', { name: 'Game over' })).toBeVisible();
  await expect(over.getByTestId('challenge-note')).toHaveText(/Played with hints/);
  await expect(over.getByRole('button', { name: /Beat my time/ })).toHaveCount(0);
  await screenshots(page, '28c-practice-hinted-over');
});
