import type { Puzzle } from '../apps/server/src/puzzles/catalogue.ts';
import { ONE_STEP, TWO_STEPS } from '../apps/server/src/puzzles/test-puzzles.ts';
import { expectAccessible } from './a11y.ts';
import { drag, screenshots } from './helpers.ts';
import { expect, test } from './test.ts';

/*
 * A puzzle rush through its page, against the real server (e2e/serve.ts gives it the two
 * hand-built puzzles, so a run goes round them, easiest first). Which one is shown is read off
 * the page and its known line played: one solved, one missed (8S with TS QS onto 9S buries the 5S:
 * wrong as the first move of either), then the server's clock is moved past the run's three
 * minutes (`POST /e2e/clock`) and the next move is answered with the run over. No real time is
 * waited for: the page's own countdown never reaches zero in this test.
 */
const PUZZLES = new Map<string, Puzzle>([ONE_STEP, TWO_STEPS].map((p) => [p.id, p]));
const WRONG = { from: 1, row: 0, to: 0 };

test('a rush from the puzzles page: one solved, one missed, then the server clock runs out', async ({ page }) => {
  await page.goto('/puzzles');
  await page.getByRole('link', { name: /Puzzle rush/ }).click();
  await expect(page).toHaveURL(/\/puzzles\/rush$/);
  const section = page.locator('section.rush');
  await expect(section).toHaveAttribute('data-status', 'ready');
  await expect(page.getByText(/A wrong move costs 10 seconds/)).toBeVisible();
  await page.getByRole('button', { name: 'Start a rush' }).click();
  await expect(section).toHaveAttribute('data-status', 'playing');
  await expect(section).toHaveAttribute('data-index', '0');
  await expect(page.getByRole('timer')).toHaveText(/^(3:00|2:5\d)$/);

  // Solved: the shown puzzle's line, move by move.
  const first = PUZZLES.get((await section.getAttribute('data-puzzle')) ?? '');
  if (!first) throw new Error('not one of the hand-built puzzles');
  for (const [step, move] of first.solution.entries()) {
    if (move.kind !== 'move') throw new Error('moves by drag');
    await drag(page, move.from, move.row, move.to);
    if (step + 1 < first.solution.length) await expect(page.getByText('Right! Keep going.')).toBeVisible();
  }
  await expect(section).toHaveAttribute('data-index', '1');
  await expect(page.getByText('Solved! Next puzzle.')).toBeVisible();
  await expect(page.getByText('Score 1')).toBeVisible();
  await screenshots(page, 'puzzle-rush-playing');

  // Missed: ten seconds off the server's clock, and on to the next puzzle.
  await drag(page, WRONG.from, WRONG.row, WRONG.to);
  await expect(section).toHaveAttribute('data-index', '2');
  await expect(page.getByText('Wrong: minus 10 seconds. Next puzzle.')).toBeVisible();
  await expect(page.getByLabel('Mistakes: 1 of 3')).toBeVisible();
  const [minutes, seconds] = ((await page.getByRole('timer').textContent()) ?? '').split(':').map(Number);
  expect((minutes ?? 9) * 60 + (seconds ?? 99)).toBeLessThanOrEqual(170);

  // The clock runs out on the server: the next move comes too late, and the run's end is shown.
  const moved = await page.request.post('/e2e/clock', { data: { aheadMs: 180_000 } });
  expect(moved.status()).toBe(200);
  const third = PUZZLES.get((await section.getAttribute('data-puzzle')) ?? '');
  const late = third?.solution[0];
  if (late?.kind !== 'move') throw new Error('moves by drag');
  await drag(page, late.from, late.row, late.to);
  await expect(section).toHaveAttribute('data-status', 'over');
  const result = page.getByTestId('rush-result');
  await expect(result).toContainText("Time's up!");
  await expect(result).toContainText('Score: 1');
  await expect(result).toContainText('A new best!');
  await expect(result).toContainText('Your best: 1');
  await expect(page.getByRole('button', { name: 'Puzzle 2' })).toBeVisible();
  await expect(page.getByTestId('rush-mistake')).toHaveText(
    'You played 8 of spades to column 1. The right move: 5 of spades to column 3.',
  );
  // Today's board has the run: the player's own row, marked, with its score.
  await expect(page.getByTestId('rush-board').locator('li.you .points')).toHaveText('1');
  await screenshots(page, 'puzzle-rush-over');
  await expectAccessible(page, 'puzzle rush over');

  // Back later, the best is there, and a new run starts from the first puzzle.
  await page.reload();
  await expect(section).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('rush-best')).toHaveText('Your best: 1');
  await expect(page.getByRole('heading', { name: "Today's best rushes" })).toBeVisible();
});
