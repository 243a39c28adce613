import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { buildApp } from '../app.ts';
import { openDb } from '../db/open.ts';
import { sqliteRepos } from '../repo/sqlite/index.ts';
import { LIFTED } from '../test/helper.ts';
import { nicknameKey } from './nickname.ts';
import { NICKNAME_KEY_VERSION, rekeyNicknames } from './nickname-keys.ts';

const dir = mkdtempSync(join(tmpdir(), 'scorpion-nickname-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const SECRET = 'nickname-keys-test-secret-xxxxxxxxxxxx';

async function signUp(app: Awaited<ReturnType<typeof buildApp>>, nickname: string) {
  const response = await app.inject({ method: 'POST', url: '/api/players', payload: { nickname } });
  return { status: response.statusCode, body: response.json() };
}

test('look-alike nicknames are refused on sign-up and on rename, across scripts, digits and letter pairs', async () => {
  // Many signups from one address: the limit has tests of its own.
  const app = await buildApp({ databasePath: join(dir, 'signup.db'), secret: SECRET, limits: LIFTED });
  try {
    for (const [first, lookAlike] of [
      ['TOMAX', 'ΤΟΜΑΧ'],
      ['BOBBO', 'B0BB0'],
      ['paul', 'pauI'],
      ['mary', 'rnary'],
      ['alice', 'аӏісе'],
    ]) {
      expect((await signUp(app, first!)).status, first).toBe(201);
      expect(await signUp(app, lookAlike!), lookAlike).toEqual({
        status: 409,
        body: { error: 'nickname-taken', message: 'Someone already plays under that name.' },
      });
    }
    // A name is still free where nothing in it looks like a taken one.
    expect((await signUp(app, 'pauline')).status).toBe(201);
    const zed = await app.inject({ method: 'POST', url: '/api/players', payload: { nickname: 'Zed' } });
    const cookie = [zed.headers['set-cookie']!]
      .flat()
      .find((c) => c.startsWith('scorpion_id='))!
      .split(';')[0]!;
    const rename = await app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie },
      payload: { nickname: 'ΤΟΜΑΧ' },
    });
    expect(rename.json()).toMatchObject({ error: 'nickname-taken' });
  } finally {
    await app.close();
  }
});

test('an upgrade rekeys stored nicknames once; look-alike pairs already taken keep their names', async () => {
  const databasePath = join(dir, 'upgrade.db');
  const before = sqliteRepos(databasePath);
  // As an older server stored them: its key told Latin `TOMAX` from Greek `ΤΟΜΑΧ` and kept `pauI`.
  await before.players.create({ id: 'p1', nickname: 'TOMAX', nicknameKey: 'tomax', tokenHash: 'h1', at: 1 });
  await before.players.create({ id: 'p2', nickname: 'ΤΟΜΑΧ', nicknameKey: 'toμax', tokenHash: 'h2', at: 2 });
  await before.players.create({ id: 'p3', nickname: 'pauI', nicknameKey: 'paui', tokenHash: 'h3', at: 3 });
  await before.close();

  const app = await buildApp({ databasePath, secret: SECRET });
  try {
    const reader = openDb(databasePath);
    const rows = reader.sqlite.prepare('SELECT id, nickname, nickname_key AS key FROM players ORDER BY id').all();
    await reader.close();
    expect(rows).toEqual([
      { id: 'p1', nickname: 'TOMAX', key: nicknameKey('TOMAX') },
      { id: 'p2', nickname: 'ΤΟΜΑΧ', key: `${nicknameKey('TOMAX')}#p2` },
      { id: 'p3', nickname: 'pauI', key: nicknameKey('paul') },
    ]);
    expect(await app.repos.settings.get('nickname-key-version')).toBe(NICKNAME_KEY_VERSION);
    // New look-alikes of either are refused; the next start has nothing to redo.
    expect((await signUp(app, 'T0MAX')).status).toBe(409);
    expect((await signUp(app, 'paul')).status).toBe(409);
    expect(await rekeyNicknames(app.repos)).toBeNull();
  } finally {
    await app.close();
  }
});
