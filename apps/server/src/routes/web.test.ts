import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningServer, startServer } from '../test/helper.ts';
import { IMMUTABLE, REVALIDATE } from './web.ts';

/** A dist laid out as the web build lays it out: hashed files under assets/, each with a .br and a .gz copy. */
const dist = mkdtempSync(join(tmpdir(), 'scorpion-dist-'));
const SHELL = `<!doctype html><title>app shell</title>${'<meta name="x">'.repeat(50)}`;
const SCRIPT = `console.log(${JSON.stringify('the entry chunk '.repeat(200))});`;
const ENTRY = '/assets/index-Ab12Cd34.js';

function writeWithCopies(path: string, text: string) {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text));
}

/** A raw GET: fetch would ask for compression itself and undo it, hiding what travelled. */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    }).on('error', reject);
  });
}

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the built web app', () => {
  let server: RunningServer;
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeWithCopies(join(dist, 'index.html'), SHELL);
    writeWithCopies(join(dist, ENTRY), SCRIPT);
    writeFileSync(join(dist, 'robots.txt'), 'User-agent: *');
    server = await startServer({ webDist: dist });
  });
  afterAll(() => server.close());

  test('index.html for app paths and JSON 404s for the API', async () => {
    for (const path of ['/', '/r/ABCDEF', '/rules', '/practice?seed=1']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('app shell');
      const head = await fetch(`${server.url}${path}`, { method: 'HEAD' });
      expect(head.status, `HEAD ${path}`).toBe(200);
      expect(head.headers.get('cache-control'), `HEAD ${path}`).toBe('no-cache');
    }
    const api = await fetch(`${server.url}/api/nope`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: 'not-found' });
  });

  test('a hashed asset travels as Brotli or gzip, as the browser asks, and is cached for good', async () => {
    const br = await rawGet(`${server.url}${ENTRY}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/javascript/);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    // Never revalidated, never asked by ranges: no bytes for either on the wire.
    expect([br.headers.etag, br.headers['last-modified'], br.headers['accept-ranges']]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);

    const gzip = await rawGet(`${server.url}${ENTRY}`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);
  });

  test('a client that sends no Accept-Encoding gets the file itself', async () => {
    const plain = await rawGet(`${server.url}${ENTRY}`);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  test('index.html is revalidated on every visit, and an unchanged one is a 304', async () => {
    // A page with a link preview of its own is made per request (linkPreview.test.ts); these are the file itself.
    for (const path of ['/', '/index.html', '/practice', '/r/ABCDEF']) {
      const page = await rawGet(`${server.url}${path}`, { 'accept-encoding': 'br' });
      expect(page.status, path).toBe(200);
      expect(page.headers['cache-control'], path).toBe(REVALIDATE);
      expect(page.headers['content-encoding'], path).toBe('br');
      expect(page.headers['content-type'], path).toMatch(/^text\/html/);
      expect(brotliDecompressSync(page.body).toString(), path).toBe(SHELL);
      const etag = page.headers.etag!;
      expect(etag, path).toBeTruthy();
      const again = await rawGet(`${server.url}${path}`, { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(again.status, path).toBe(304);
      expect(again.body.length, path).toBe(0);
    }
  });

  test('a file outside assets/ has no hash in its name, so it is revalidated too', async () => {
    const robots = await rawGet(`${server.url}/robots.txt`, { 'accept-encoding': 'br' });
    expect(robots.body.toString()).toBe('User-agent: *');
    expect(robots.headers['content-encoding']).toBeUndefined();
    expect(robots.headers['cache-control']).toBe(REVALIDATE);
  });

  test('a missing asset is a 404, and the compressed copies have no URLs of their own', async () => {
    for (const path of ['/assets/index-0ld0ld00.js', `${ENTRY}.br`, `${ENTRY}.gz`]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toMatchObject({ error: 'not-found' });
    }
  });
});

test('without a build, a small page says how to build the web app', async () => {
  const server = await startServer({ webDist: join(dist, 'missing') });
  try {
    const response = await fetch(`${server.url}/daily`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(REVALIDATE);
    expect(await response.text()).toContain('has not been built');
  } finally {
    await server.close();
  }
});
