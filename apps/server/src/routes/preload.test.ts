import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fixedDeals } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { withPreloads } from './preload.ts';

const SHELL =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Scorpion Race</title>\n  </head>\n  <body></body>\n</html>';
const dist = mkdtempSync(join(tmpdir(), 'scorpion-preload-'));
let server: RunningServer;

beforeAll(async () => {
  writeFileSync(join(dist, 'index.html'), SHELL);
  server = await startServer({ webDist: dist, deals: fixedDeals, now: () => Date.UTC(2026, 5, 1, 12) });
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="fetch" href="([^"]+)" crossorigin \/>/g)].map((m) => m[1]);

test("the daily's page comes with what its script asks first, preloaded at the top of its head", async () => {
  const html = await (await fetch(`${server.url}/daily`)).text();
  expect(preloads(html)).toEqual(['/api/me', '/api/leaderboards/daily?pageSize=1', '/api/daily']);
  // Before anything else in the head: the browser starts them while the script downloads.
  expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('<title>'));
  // Each one answers as the page will use it.
  for (const href of preloads(html)) expect((await fetch(`${server.url}${href}`)).status, href).toBe(200);
});

test('other pages have none', async () => {
  expect(preloads(await (await fetch(`${server.url}/leaderboards`)).text())).toEqual([]);
  expect(withPreloads(SHELL, '/practice')).toBe(SHELL);
});
