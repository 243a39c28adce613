import type { AllTimeBoard, HeadToHead, RatingBoard } from '../packages/protocol/src/index.ts';
import { failOnThrown, fitsTheWidth, PHONE } from './helpers.ts';
import { expect, test } from './test.ts';

/** The longest nickname there is (20 characters), with no space for a line to break at. */
const LONG = 'Wwwwwwwwwwwwwwwwwwww';

test.use({ viewport: PHONE });

failOnThrown();

test('a nickname of twenty letters without a space fits a phone: its profile, the boards, a head-to-head', async ({
  page,
  context,
}) => {
  await page.goto('/rules');
  const signedUp = await context.request.post('/api/players', { data: { nickname: LONG } });
  expect(signedUp.status()).toBe(201);
  const { player } = (await signedUp.json()) as { player: { id: string; nickname: string } };

  await page.goto(`/p/${LONG}`);
  await expect(page.getByRole('heading', { name: LONG })).toBeVisible();
  await fitsTheWidth(page);

  // The boards with this player on them: a page of each stood in for, as no race or daily is played here.
  const row = { rank: 1, playerId: player.id, nickname: LONG };
  await page.route('**/api/leaderboards/all-time?*', (route) => {
    const stats = { dailyWins: 12, dailyPlayed: 14, currentStreak: 3, bestStreak: 9, bestTimeMs: 125_000, date: null };
    const body: AllTimeBoard = { board: 'wins', page: 1, pageSize: 20, rows: [{ ...row, ...stats }] };
    return route.fulfill({ json: body });
  });
  await page.route('**/api/leaderboards/ratings?*', (route) => {
    const rating = { rating: 1712, provisional: false, games: 25 };
    const body: RatingBoard = { page: 1, pageSize: 20, rows: [{ rank: 1, player, rating }] };
    return route.fulfill({ json: body });
  });
  await page.route('**/api/head-to-head?*', (route) => {
    const body: HeadToHead = { a: player, b: player, races: 4, aWins: 3, bWins: 1 };
    return route.fulfill({ json: body });
  });
  for (const tab of ['all-time', 'ratings', `h2h&b=${player.id}`]) {
    await page.goto(`/leaderboards?tab=${tab}`);
    await expect(page.locator('main').getByText(LONG).first()).toBeVisible();
    await fitsTheWidth(page);
  }
});
