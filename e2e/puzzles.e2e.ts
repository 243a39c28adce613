import { ONE_STEP, TWO_STEPS } from '../apps/server/src/puzzles/test-puzzles.ts';
import { drag } from './helpers.ts';
import { expect, test } from './test.ts';

/*
 * The puzzles page against the real server, which e2e/serve.ts gives two hand-built puzzles in a
 * fixed order: a newcomer (a guest, made on arrival) gets the two-move one first, solves it by
 * dragging, and sees the rating rise; the next is the one-move puzzle, failed with a wrong move:
 * the rating falls and the right move is marked.
 */
test('a puzzle solved move by move, then one failed, with the rating moving each time', async ({ page }) => {
  // Every card of a puzzle is face up: the board's "Finish it" would play the answer, so it is
  // never even fetched (a board with every card up asks for it as it first shows).
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto('/puzzles');
  const section = page.locator('section.puzzles');
  await expect(section).toHaveAttribute('data-puzzle', TWO_STEPS.id);
  await expect(section).toHaveAttribute('data-status', 'playing');
  await expect(page.getByText('Your puzzle rating: 1,500')).toBeVisible();
  await expect(page.getByText('Move 1 of 2')).toBeVisible();

  const [first, second] = TWO_STEPS.solution;
  if (first?.kind !== 'move' || second?.kind !== 'move') throw new Error('moves by drag');
  await drag(page, first.from, first.row, first.to);
  await expect(page.getByText('Right! Keep going.')).toBeVisible();
  await expect(page.getByText('Move 2 of 2')).toBeVisible();
  await drag(page, second.from, second.row, second.to);
  await expect(section).toHaveAttribute('data-status', 'solved');
  await expect(page.getByText('Solved!')).toBeVisible();
  await expect(page.getByText(/Rating 1,500 → 1,\d{3} \(\+\d+\)/)).toBeVisible();

  await page.getByRole('button', { name: 'Next puzzle' }).click();
  await expect(section).toHaveAttribute('data-puzzle', ONE_STEP.id);
  await expect(section).toHaveAttribute('data-status', 'playing');
  // 8S (with TS QS) onto 9S buries the 5S for good: wrong.
  await drag(page, 1, 0, 0);
  await expect(section).toHaveAttribute('data-status', 'wrong');
  await expect(page.getByText(/Wrong: that move loses the deal/)).toBeVisible();
  await expect(page.getByText(/Rating 1,\d{3} → 1,\d{3} \(−?-?\d+\)/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next puzzle' })).toBeVisible();
  expect(fetched.filter((path) => /\/AutoFinish-[\w-]+\.js$/.test(path))).toEqual([]);
});
