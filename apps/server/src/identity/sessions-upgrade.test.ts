import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { openDb } from '../db/open.ts';
import { sqliteRepos } from '../repo/sqlite/index.ts';
import { TestDevice } from '../test/device.ts';
import { startServer } from '../test/helper.ts';
import { hashToken } from './token.ts';

const dir = mkdtempSync(join(tmpdir(), 'scorpion-sessions-upgrade-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("an older server's cookie keeps working after the upgrade, as the player's first listed device", async () => {
  const databasePath = join(dir, 'upgrade.db');
  await sqliteRepos(databasePath).close();
  // As an older server stored a player: the cookie token's hash on the player row.
  const token = 'an-old-cookie-token';
  const old = openDb(databasePath);
  old.sqlite
    .prepare('INSERT INTO players (id, nickname, nickname_key, token_hash, created_at) VALUES (?, ?, ?, ?, ?)')
    .run('old', 'Old Timer', 'old timer', hashToken(token), 42);
  await old.close();

  const server = await startServer({ databasePath });
  try {
    const laptop = new TestDevice(server.url, { cookie: `scorpion_id=${server.app.signCookie(token)}` });
    expect(await laptop.me()).toStrictEqual({ id: 'old', nickname: 'Old Timer' });
    expect((await laptop.call('GET', '/api/devices')).body.devices).toMatchObject([
      { id: 'old', label: 'First device', createdAt: 42, current: true },
    ]);
    // Moved, not copied: signed out, the old token signs nobody in.
    expect((await laptop.call('DELETE', '/api/devices/old')).status).toBe(200);
    expect(await new TestDevice(server.url, { cookie: `scorpion_id=${server.app.signCookie(token)}` }).me()).toBeNull();
    expect(await server.app.repos.sessions.adoptLegacyTokens(0)).toBe(0);
  } finally {
    await server.close();
  }
});
