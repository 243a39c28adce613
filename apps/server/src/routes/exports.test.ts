import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ApiError } from '@scorpion/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildExport } from '../exports/build.ts';
import { ExportedGame } from '../exports/format.ts';
import { publicGate } from '../exports/public-gate.ts';
import { signUp } from '../test/client.ts';
import { HIDDEN, MONTH, NOW, seedMonth } from '../test/export-month.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { EXPORT_SCHEMAS } from './exports.ts';
import { PRIVACY_SCHEMAS } from './privacy.ts';

let server: RunningServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'scorpion-exports-'));
  server = await startServer({ exportsDir: join(dir, 'exports') });
  const { repos } = server.app;
  await seedMonth(repos);
  await buildExport({ repos, isPublic: publicGate(repos, () => NOW) }, join(dir, 'exports'), MONTH, NOW);
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });

describe('/api/exports', () => {
  it('lists the months made, under CC0, with size, count and a download link', async () => {
    const response = await get('/api/exports');
    expect(response.status).toBe(200);
    const listing = EXPORT_SCHEMAS.listing.parse(await response.json());
    expect(listing.license).toStrictEqual({ id: 'CC0-1.0', url: 'https://creativecommons.org/publicdomain/zero/1.0/' });
    expect(listing.months).toHaveLength(1);
    expect(listing.months[0]).toMatchObject({ month: MONTH, games: 5, url: '/api/exports/2026-03' });
    expect(listing.months[0]!.bytes).toBeGreaterThan(0);
  });

  it('serves the file as a gzip download with an ETag, and answers 304 to it', async () => {
    const response = await get('/api/exports/2026-03');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/gzip');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="scorpion-games-2026-03.jsonl.gz"');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
    const text = gunzipSync(bytes).toString('utf8');
    const games = text
      .trim()
      .split('\n')
      .map((line) => ExportedGame.parse(JSON.parse(line)));
    expect(games).toHaveLength(5);
    for (const nickname of HIDDEN) expect(text).not.toContain(nickname);
    const again = await get('/api/exports/2026-03', { 'if-none-match': etag });
    expect(again.status).toBe(304);
  });

  it('answers typed errors: bad-month for a malformed month, 404 no-such-export for one not made', async () => {
    for (const month of ['2026-3', '2026-13', 'latest', '2026-03.jsonl.gz']) {
      const response = await get(`/api/exports/${month}`);
      expect(response.status).toBe(400);
      expect(ApiError.parse(await response.json())).toMatchObject({ error: 'bad-month' });
    }
    for (const month of ['2026-02', '2026-12']) {
      const response = await get(`/api/exports/${month}`);
      expect(response.status).toBe(404);
      expect(ApiError.parse(await response.json())).toMatchObject({ error: 'no-such-export' });
    }
  });
});

describe('/api/me/privacy', () => {
  it('a player hides their name from the export, and the store keeps it', async () => {
    const { cookie, id } = await signUp(server.url, 'Private Pat');
    const put = (body: unknown) =>
      fetch(`${server.url}/api/me/privacy`, {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const read = async () => PRIVACY_SCHEMAS.privacy.parse(await (await get('/api/me/privacy', { cookie })).json());
    expect(await read()).toStrictEqual({ hiddenFromExports: false });
    expect((await put({ hiddenFromExports: true })).status).toBe(200);
    expect(await read()).toStrictEqual({ hiddenFromExports: true });
    expect(await server.app.repos.players.listing([id])).toStrictEqual([{ id, nickname: 'Private Pat', hidden: true }]);
    const bad = await put({ hiddenFromExports: 'yes' });
    expect(bad.status).toBe(400);
    expect(await read()).toStrictEqual({ hiddenFromExports: true });
    expect((await get('/api/me/privacy')).status).toBe(401);
  });
});
