import { cardLabel } from '../apps/web/src/board/cardNames.ts';
import { dealFromSeed, newGame, replay } from '../packages/rules/src/index.ts';
import { hint } from '../packages/solver/src/hint.ts';
import { lostPracticeLine, PRACTICE_SEED } from './fixtures/analysis.ts';
import { card, movesShown, playByHand, screenshots } from './helpers.ts';
import { expect, test } from './test.ts';

/*
 * Issue #36's analysis of a finished game: a practice game lost on a known deal (e2e/fixtures/
 * analysis.ts: winnable for three moves, lost by the fourth), its replay's analysis, the winning
 * line from before the turning point, and "Try it yourself" from there, played to a win.
 */
const LOST = lostPracticeLine();
const DEALT = newGame('scorpion', { foundations: false, open: false }, dealFromSeed('scorpion', PRACTICE_SEED));
const beforeTurn = replay(DEALT, LOST.slice(0, 3));

test('a lost practice game: its replay shows the turning point, steps a winning line, and "Try it yourself" plays it to a win', async ({
  page,
}) => {
  // 4 moves by hand to lose, then a winning line of about 50 by hand.
  test.setTimeout(420_000);
  if (!beforeTurn.ok) throw new Error('the fixture replays');
  await page.goto('/rules');
  expect((await page.request.post('/api/players', { data: { nickname: 'Tess' } })).status()).toBe(201);
  await page.goto(`/practice?variant=scorpion&seed=${PRACTICE_SEED}`);
  // On the server (the clock shows): a finished game there has a replay link anyone may open.
  await expect(page.locator('.stat', { hasText: 'Time' })).toBeVisible();
  for (const move of LOST) await playByHand(page, move);
  await page.getByRole('button', { name: 'Give up' }).click();
  await page.getByRole('button', { name: 'Really give up?' }).click();
  await page.getByTestId('game-over').getByRole('link', { name: 'Replay' }).click();
  await expect(page).toHaveURL(/\/replay\/[\w-]+$/);

  // The analysis, computed in the page's worker from the public deal.
  const panel = page.getByRole('region', { name: 'Analysis' });
  await expect(panel.getByTestId('analysis-summary')).toHaveText(
    'The deal was winnable until move 4: after it, it could no longer be won.',
    { timeout: 30_000 },
  );
  const cells = panel.getByRole('list', { name: /^Each position/ }).getByRole('button');
  await expect(cells).toHaveCount(5);
  for (const [i, verdict] of ['winnable', 'winnable', 'winnable', 'winnable', 'lost'].entries()) {
    await expect(cells.nth(i)).toHaveAccessibleName(`Position ${i}: ${verdict}`);
  }
  const turning = panel.getByTestId('turning-point');
  await expect(turning).toContainText('The turning point: move 4, K♣ from column 5 into the empty column 7.');
  await cells.nth(4).click();
  await expect(panel.getByTestId('position-verdict')).toHaveText('Position 4: lost');
  await turning.getByRole('button', { name: 'Position before it' }).click();
  await expect(panel.getByTestId('position-verdict')).toHaveText('Position 3: winnable');
  await screenshots(page, '40-analysis-turning-point');

  // The winning line from the position before it, stepped on the board, every card shown.
  await turning.getByRole('button', { name: 'Step through the winning line' }).click();
  await expect(page.getByRole('heading', { name: 'A winning line from before move 4' })).toBeVisible();
  const count = page.locator('.count');
  const steps = Number((await count.textContent())!.split('/')[1]);
  expect(steps).toBeGreaterThan(10);
  await expect(count).toHaveText(`0/${steps}`);
  const next = page.getByRole('button', { name: 'Next move' });
  await next.click();
  await next.click();
  await expect(count).toHaveText(`2/${steps}`);
  await page.getByRole('button', { name: 'Last position' }).click();
  await expect(count).toHaveText(`${steps}/${steps}`);
  await screenshots(page, '41-analysis-winning-line');
  await turning.getByRole('button', { name: 'Back to the game' }).click();
  await expect(count).toHaveText('3/4');

  // "Try it yourself": practice in the browser from the position before the turning point.
  await turning.getByRole('link', { name: 'Try it yourself' }).click();
  await expect(page).toHaveURL(`/practice?variant=scorpion&seed=${PRACTICE_SEED}&from=m6-5-0.m6-1-4.m6-0-4`);
  await expect(await movesShown(page)).toHaveText('0');
  const column = beforeTurn.state.columns[4]!;
  await expect(card(page, 4, column.length - 1)).toHaveAttribute('aria-label', cardLabel(column.at(-1)!, true, 4));
  // Practice's hints and undo, there as in any practice game.
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(page.locator('.columns .hinted').first()).toBeVisible({ timeout: 15_000 });
  const found = hint(beforeTurn.state, { nodes: 20_000_000, ms: 20_000, tableMegabytes: 64 });
  if (found.kind !== 'move')
    throw new Error(`the position before the turning point is winnable, the solver says ${found.kind}`);
  await playByHand(page, LOST[3]!);
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(page.getByText('This position can no longer be won: undo a few moves.')).toBeVisible({
    timeout: 15_000,
  });
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(await movesShown(page)).toHaveText('0');
  for (const move of found.line) await playByHand(page, move);
  await expect(page.getByTestId('game-over').getByRole('heading', { name: 'Solved!' })).toBeVisible();
});
