import { expect, test } from './test.ts';

/*
 * The API's reference page (/api/docs, Swagger UI over /api/openapi.json) in Chromium: it draws
 * every operation from the document, asks nothing of another origin (a strict CSP would refuse
 * it), and meets no CSP violation or script error under the page's own policy.
 */
test('the API reference page draws every operation from its own origin alone', async ({ page, baseURL }) => {
  const origins = new Set<string>();
  page.on('request', (request) => {
    if (!request.url().startsWith('data:')) origins.add(new URL(request.url()).origin);
  });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  const response = await page.goto('/api/docs');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Scorpion Race API');
  await expect(page.locator('.opblock').first()).toBeVisible();
  const document = (await (await page.request.get('/api/openapi.json')).json()) as { paths: Record<string, object> };
  const operations = Object.values(document.paths).reduce((sum, methods) => sum + Object.keys(methods).length, 0);
  await expect(page.locator('.opblock')).toHaveCount(operations);

  // One operation opened: its answer's schema is drawn from the document.
  await page
    .locator('.opblock-summary-path', { hasText: /^\/api\/me$/ })
    .first()
    .click();
  await expect(page.locator('.opblock.is-open .responses-wrapper')).toContainText('200');

  expect([...origins]).toEqual([new URL(baseURL!).origin]);
  expect(problems).toEqual([]);
});
