import type { AllTimeBoard } from '../packages/protocol/src/index.ts';
import { failOnThrown, serverDate } from './helpers.ts';
import { expect, test } from './test.ts';

failOnThrown();

/** `count` players of an all-time board, ranked from `from`. */
function allTimeRows(from: number, count: number): AllTimeBoard['rows'] {
  return Array.from({ length: count }, (_, i) => ({
    rank: from + i,
    playerId: `player-${from + i}`,
    nickname: `Streaker ${from + i}`,
    dailyWins: 30 - i,
    dailyPlayed: 30,
    currentStreak: 5,
    bestStreak: 40 - i,
    bestTimeMs: 90_000,
    date: null,
  }));
}

test('the all-time board pages on past its first twenty players, and keeps the board picked', async ({ page }) => {
  // Twenty-three players with daily results would take a minute of dailies to set up: the
  // server's all-time board is stood in for, page by page, and the pages asked for recorded.
  const asked: string[] = [];
  await page.route('**/api/leaderboards/all-time?*', (route) => {
    const query = new URL(route.request().url()).searchParams;
    asked.push(query.toString());
    const n = Number(query.get('page'));
    const body: AllTimeBoard = {
      board: query.get('board') as AllTimeBoard['board'],
      page: n,
      pageSize: 20,
      // The last player has played but never won: listed, not numbered.
      rows:
        n === 1
          ? allTimeRows(1, 20)
          : [...allTimeRows(21, 2), { ...allTimeRows(23, 1)[0]!, dailyWins: 0, bestStreak: 0 }],
      raced: [],
    };
    return route.fulfill({ json: body });
  });
  await page.goto('/leaderboards?tab=all-time');
  await page.getByRole('button', { name: 'Longest streak' }).click();
  await expect(page.locator('tbody tr')).toHaveCount(20);
  // The board says what it is ordered by, and how a tie is broken.
  await expect(page.getByTestId('board-order')).toHaveText(
    /^By best streak of daily wins in a row; a tie goes to more daily wins, then the faster best time\./,
  );
  await expect(page.getByRole('button', { name: '← Previous' })).toBeDisabled();

  await page.getByRole('button', { name: 'Next →' }).click();
  await expect(page.locator('tbody tr')).toHaveCount(3);
  await expect(page.locator('tbody tr').first()).toContainText('Streaker 21');
  await expect(page.locator('tbody tr').last().locator('td').first()).toHaveText('–not placed');
  await expect(page).toHaveURL(/[?&]board=streak(&|$)/);
  expect(asked.at(-1)).toBe('board=streak&page=2');
  // Three players on a page of twenty: the last page.
  await expect(page.getByRole('button', { name: 'Next →' })).toBeDisabled();
  await page.getByRole('button', { name: '← Previous' }).click();
  await expect(page.locator('tbody tr')).toHaveCount(20);
  expect(asked.at(-1)).toBe('board=streak&page=1');
});

test('a board page past its end says so, not "nobody", and leads back to the first page', async ({ page }) => {
  await page.goto('/leaderboards?tab=daily&page=50');
  await expect(page.getByText('This board has no page 50.')).toBeVisible();
  await expect(page.getByText('Nobody has a result for this day yet.')).toHaveCount(0);
  await page.getByRole('button', { name: '← First page' }).click();
  await expect(page).toHaveURL(/[?&]page=1(&|$)/);
  await expect(page.getByText('This board has no page')).toHaveCount(0);

  await page.goto('/leaderboards?tab=ratings&page=50');
  await expect(page.getByText('This board has no page 50.')).toBeVisible();
  await expect(page.getByText('Nobody has played a rated race yet.')).toHaveCount(0);
});

test('a slower answer for a day the player has left does not overwrite the day they picked after', async ({ page }) => {
  const [today, yesterday] = [await serverDate(page), await serverDate(page, -1)];
  const isBoardOf = (date: string) => (url: string) =>
    url.includes('/api/leaderboards/daily') && url.includes(`date=${date}`);
  await page.goto(`/leaderboards?tab=daily&date=${today}`);
  const heading = page.getByText(/^Daily #\d+ · \d+ played/);
  const todays = (await heading.textContent()) ?? '';

  // Yesterday's board is held back (passed on to the real server later) until today's is shown again.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => isBoardOf(yesterday)(url.href),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  const day = page.getByLabel('Day');
  const yesterdayAsked = page.waitForRequest((request) => isBoardOf(yesterday)(request.url()));
  await day.fill(yesterday);
  await yesterdayAsked;
  const todayAnswered = page.waitForResponse((response) => isBoardOf(today)(response.url()));
  await day.fill(today);
  await todayAnswered;
  await expect(heading).toHaveText(todays);

  const yesterdayDone = page.waitForEvent('requestfinished', (request) => isBoardOf(yesterday)(request.url()));
  release();
  await yesterdayDone;
  // The page's own turns after the late answer's body (no clock): its handlers have run by then.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  await expect(heading).toHaveText(todays);
  await expect(page).toHaveURL(new RegExp(`date=${today}`));
});

test('a guest opening a head-to-head link is told what it is and where to begin, not shown an empty panel', async ({
  page,
}) => {
  await page.goto('/leaderboards?tab=h2h&b=somebody');
  const panel = page.getByTestId('head-to-head');
  await expect(panel).toHaveText(/counts your races against another player/);
  await panel.getByRole('link', { name: 'start a race' }).click();
  await expect(page).toHaveURL(/\/race$/);
});
