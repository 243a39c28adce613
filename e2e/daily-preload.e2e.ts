import { expect, test } from './test.ts';

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

test("the daily's own script and style files are asked for by the page's first script, before its entry has run", async ({
  page,
}) => {
  // The entry is held back: whatever is asked for meanwhile, the router (in the entry) did not ask.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const chunk = page.waitForRequest(/\/assets\/Daily-[^/]+\.js$/, { timeout: 20_000 });
  const style = page.waitForRequest(/\/assets\/Board-[^/]+\.css$/, { timeout: 20_000 });
  await page.goto('/daily', { waitUntil: 'commit' });
  await Promise.all([chunk, style]);
  release();
  await expect(page.getByRole('button', { name: 'Start the clock and deal' })).toBeEnabled();
});

test("the daily's files asked for early are each fetched once: the router's import finds them", async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/assets/')) asked.push(path);
  });
  await page.goto('/daily');
  await expect(page.getByRole('button', { name: 'Start the clock and deal' })).toBeEnabled();
  expect(asked.filter((p) => /^\/assets\/(Daily|Board|GameHud)-[^/]+\.(js|css)$/.test(p))).toHaveLength(6);
  // A crossorigin mismatch between a preload and the router's request would ask twice.
  expect(asked.filter((p, i) => asked.indexOf(p) !== i)).toEqual([]);
});

test("another page asks for none of the daily's files with its entry", async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto('/rules');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(asked.filter((p) => /^\/assets\/Daily-/.test(p))).toEqual([]);
});
