import { expect, test } from './test.ts';

/* The open-data setting on the devices page: the player's choice is kept by the server. */
test('a player leaves their nickname out of the open-data export, and the choice stays', async ({ page }) => {
  expect((await page.request.post('/api/players', { data: { nickname: 'Quiet Quinn' } })).status()).toBe(201);
  await page.goto('/devices');
  const box = page.getByRole('checkbox', { name: 'Leave my nickname out' });
  await expect(box).toBeEnabled();
  await expect(box).not.toBeChecked();
  await box.check();
  await expect
    .poll(async () => (await (await page.request.get('/api/me/privacy')).json()).hiddenFromExports)
    .toBe(true);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Leave my nickname out' })).toBeChecked();
});
