import { failOnThrown } from './helpers.ts';
import { expect, test } from './test.ts';

failOnThrown();

test('two players who never raced read that they have not, not a record of 0–0 in 0 races', async ({
  page,
  context,
  request,
}) => {
  // The other player signs up apart (the request fixture keeps its own cookies).
  const signedUp = await request.post('/api/players', { data: { nickname: 'Never Raced' } });
  expect(signedUp.status()).toBe(201);
  const { player } = (await signedUp.json()) as { player: { id: string } };
  await page.goto('/rules');
  expect((await context.request.post('/api/players', { data: { nickname: 'Curious Cat' } })).status()).toBe(201);

  await page.goto('/p/Never%20Raced');
  await expect(page.getByTestId('profile-h2h')).toHaveText('You have not raced Never Raced yet.');
  await page.goto(`/leaderboards?tab=h2h&b=${player.id}`);
  await expect(page.getByTestId('head-to-head')).toHaveText('You have not raced Never Raced yet.');
});
