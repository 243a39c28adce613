import { expect, test } from '@playwright/test';

test("the daily's first questions travel with the page, and the page's script uses those answers, asking none twice", async ({
  context,
  page,
}) => {
  await page.goto('/rules');
  expect((await context.request.post('/api/players', { data: { nickname: 'Pre Lo' } })).status()).toBe(201);
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`);
  });
  await page.goto('/daily');
  await expect(page.getByRole('button', { name: 'Start the clock and deal' })).toBeEnabled();
  const html = await (await page.request.get('/daily')).text();
  expect(html).toContain('<link rel="preload" as="fetch" href="/api/leaderboards/daily?pageSize=1" crossorigin />');
  // Each asked once: the preload's answer is the one the script reads (a mismatch would ask again).
  for (const path of ['/api/me', '/api/leaderboards/daily?pageSize=1', '/api/daily']) {
    expect(
      asked.filter((p) => p === path),
      path,
    ).toHaveLength(1);
  }
});
