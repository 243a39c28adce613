import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { startServer } from '../test/helper.ts';

const dist = mkdtempSync(join(tmpdir(), 'scorpion-dist-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

test('the built web app is served, with index.html for app paths and JSON 404s for the API', async () => {
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app shell</title>');
  writeFileSync(join(dist, 'app.js'), 'console.log(1)');
  const server = await startServer({ webDist: dist });
  try {
    for (const path of ['/', '/r/ABCDEF', '/daily', '/practice?seed=1']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('app shell');
    }
    expect(await (await fetch(`${server.url}/app.js`)).text()).toBe('console.log(1)');
    const api = await fetch(`${server.url}/api/nope`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: 'not-found' });
  } finally {
    await server.close();
  }
});

test('without a build, a small page says how to build the web app', async () => {
  const server = await startServer({ webDist: join(dist, 'missing') });
  try {
    const response = await fetch(`${server.url}/daily`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('has not been built');
  } finally {
    await server.close();
  }
});
