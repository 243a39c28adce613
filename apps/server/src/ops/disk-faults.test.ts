import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { GameSnapshot } from '@scorpion/protocol';
import Database from 'better-sqlite3';
import { afterEach, expect, test } from 'vitest';
import { signUp, TestClient } from '../test/client.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { someLegalMove } from '../test/play.ts';

/**
 * The embedded server's disk refusing writes, on a real file and a real socket. The faults are
 * SQLite's own, made on the server's own connection (opened through the `openSqlite` seam):
 * `max_page_count` lowered to the file's size is a real SQLITE_FULL, `query_only` a real
 * SQLITE_READONLY. (`chmod` cannot make a read-only file for root, which these tests run as, and
 * a full tmpfs needs a mount; docs/operations.md has what a real full tmpfs did.)
 */

let server: RunningServer | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The server, its own connection, and its log lines. */
async function serverOnItsConnection() {
  let connection: Database.Database | undefined;
  const logs: { msg: string; storage?: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line));
      done();
    },
  });
  const dir = mkdtempSync(join(tmpdir(), 'scorpion-disk-'));
  dirs.push(dir);
  server = await startServer({
    databasePath: join(dir, 'scorpion.db'),
    logger: { level: 'info', stream },
    openSqlite: (path) => {
      connection = new Database(path);
      return connection;
    },
  });
  const { cookie } = await signUp(server.url, 'Disk Dora');
  const client = await TestClient.connect(server.wsUrl, cookie);
  client.send({ type: 'practice-start', variant: 'scorpion', options: { foundations: false, open: false } });
  const game = (await client.next('game')).game;
  return { server, sqlite: connection!, client, game, logs };
}

async function readyz(url: string) {
  const response = await fetch(`${url}/readyz`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The game after `move`, as the server shows it: resumed, a read that needs no write. */
async function resumed(client: TestClient, game: GameSnapshot): Promise<GameSnapshot> {
  client.send({ type: 'game-resume', gameId: game.gameId });
  return (await client.next('game', (f) => f.game.gameId === game.gameId)).game;
}

/** Sends the next legal move; the reply, and the game as it stands afterwards. */
async function moveOn(client: TestClient, game: GameSnapshot) {
  const reply = await client.act({ type: 'move', gameId: game.gameId, expect: game.seq, move: someLegalMove(game)! });
  return { reply, game: await resumed(client, game) };
}

/**
 * Fills the file: no page may be added (`max_page_count` at its size), and the actions' page
 * where this game's next move goes is filled with rows of a game that does not exist (their key
 * sorts right after this game's), so that move needs a page it cannot have.
 */
function fillTheDisk(sqlite: Database.Database, gameId: string): void {
  sqlite.pragma(`max_page_count = ${sqlite.pragma('page_count', { simple: true })}`);
  sqlite.pragma('foreign_keys = OFF');
  const filler = sqlite.prepare("INSERT INTO actions (game_id, seq, action, at) VALUES (?, ?, '{}', 0)");
  try {
    for (let seq = 0; ; seq++) filler.run(`${gameId}\u0001`, seq);
  } catch (error) {
    expect(error).toMatchObject({ code: 'SQLITE_FULL' });
  }
  sqlite.pragma('foreign_keys = ON');
}

test('a full disk: the move is refused unavailable and not acknowledged, reads go on, /readyz is 503, and play resumes when it has room', async () => {
  const { server, sqlite, client, game: start, logs } = await serverOnItsConnection();
  let { reply, game } = await moveOn(client, start);
  expect(reply).toMatchObject({ type: 'ack', seq: 1 });
  expect(await readyz(server.url)).toEqual({ status: 200, body: { ok: true, storage: 'up' } });

  fillTheDisk(sqlite, game.gameId);
  const refused = [];
  for (let i = 0; i < 3; i++) refused.push((await moveOn(client, game)).reply);
  for (const r of refused)
    expect(r).toMatchObject({ type: 'error', code: 'unavailable', gameId: game.gameId, retryAfter: 1 });
  // Nothing of it was taken: the game reads as it was.
  expect((await resumed(client, game)).seq).toBe(1);
  expect(await readyz(server.url)).toEqual({
    status: 503,
    body: { ok: false, reason: expect.stringMatching(/^storage full/), storage: 'full' },
  });
  expect(await readyz(server.url)).toMatchObject({ status: 503, body: { storage: 'full' } });

  // Room again (an operator freed space): no restart, the same move goes through.
  sqlite.pragma('max_page_count = 1073741823');
  expect(await readyz(server.url)).toEqual({ status: 200, body: { ok: true, storage: 'up' } });
  ({ reply, game } = await moveOn(client, game));
  expect(reply).toMatchObject({ type: 'ack', seq: 2 });
  ({ reply, game } = await moveOn(client, game));
  expect(reply).toMatchObject({ type: 'ack', seq: 3 });

  // One line when writes stopped, one when they came back, one 503 reason: not one per move or check.
  expect(logs.filter((l) => l.msg.startsWith('the database file refuses writes'))).toMatchObject([{ storage: 'full' }]);
  expect(logs.filter((l) => l.msg === 'the database file takes writes again')).toHaveLength(1);
  expect(logs.filter((l) => l.msg === 'not ready')).toHaveLength(1);

  // Every acknowledged move is in the file, and nothing else of this game (a stored action's
  // `seq` is the game's before it: the ack of seq 1 stored action 0).
  await server.close();
  const file = new Database(server.databasePath, { readonly: true });
  const stored = file.prepare('SELECT seq FROM actions WHERE game_id = ? ORDER BY seq').all(game.gameId);
  file.close();
  expect(stored).toEqual([{ seq: 0 }, { seq: 1 }, { seq: 2 }]);
});

test('a read-only file: moves are refused unavailable, /readyz is 503 read-only, and play resumes when it is writable', async () => {
  const { server, sqlite, client, game: start } = await serverOnItsConnection();
  let { reply, game } = await moveOn(client, start);
  expect(reply).toMatchObject({ type: 'ack', seq: 1 });

  sqlite.pragma('query_only = ON');
  ({ reply, game } = await moveOn(client, game));
  expect(reply).toMatchObject({ type: 'error', code: 'unavailable', gameId: game.gameId, retryAfter: 1 });
  expect(game.seq).toBe(1);
  expect(await readyz(server.url)).toEqual({
    status: 503,
    body: { ok: false, reason: expect.stringMatching(/^storage read-only/), storage: 'read-only' },
  });

  sqlite.pragma('query_only = OFF');
  ({ reply, game } = await moveOn(client, game));
  expect(reply).toMatchObject({ type: 'ack', seq: 2 });
  expect(await readyz(server.url)).toEqual({ status: 200, body: { ok: true, storage: 'up' } });

  await server.close();
  const file = new Database(server.databasePath, { readonly: true });
  expect(file.prepare('SELECT seq FROM actions WHERE game_id = ? ORDER BY seq').all(game.gameId)).toEqual([
    { seq: 0 },
    { seq: 1 },
  ]);
  file.close();
});

test('a write that fails for another reason than the disk: the move is refused internal, naming its game, nothing is stored, and /readyz stays 200', async () => {
  const { server, sqlite, client, game: start } = await serverOnItsConnection();
  // A fault of the server, not of the storage (a constraint it did not expect): not one to send again.
  sqlite.exec(`CREATE TRIGGER broken BEFORE INSERT ON actions BEGIN SELECT RAISE(ABORT, 'broken'); END`);
  let { reply, game } = await moveOn(client, start);
  expect(reply).toMatchObject({ type: 'error', code: 'internal', ref: 'move', gameId: start.gameId });
  expect(reply).not.toHaveProperty('retryAfter');
  expect(game.seq).toBe(0);
  expect(await readyz(server.url)).toEqual({ status: 200, body: { ok: true, storage: 'up' } });

  sqlite.exec('DROP TRIGGER broken');
  ({ reply, game } = await moveOn(client, game));
  expect(reply).toMatchObject({ type: 'ack', seq: 1 });
});
