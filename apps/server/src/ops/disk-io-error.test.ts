import { closeSync, mkdtempSync, openSync, readdirSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
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
 * The embedded server's disk failing its writes (`storage: io-error`), on a real file and a
 * real socket, without root's tools (a device-mapper `error` target needs /dev/mapper, a FUSE
 * mount a daemon): the kernel itself fails SQLite's writes. The server runs in this process,
 * so the descriptors SQLite holds on the write-ahead log are this process's: each is swapped for
 * one of the same file opened read-only, under the same number, and every write SQLite makes to
 * it fails in the kernel (EBADF), which SQLite reports as SQLITE_IOERR_WRITE as it would EIO.
 * Swapped back read-write, the disk "works" again.
 */

let server: RunningServer | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The descriptors this process holds on `path` (SQLite's unix VFS keeps its files open). */
function descriptorsOf(path: string): number[] {
  const found: number[] = [];
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`) === path) found.push(Number(fd));
    } catch {
      // Closed while listed (the listing's own descriptor among them).
    }
  }
  return found;
}

/**
 * Puts a descriptor of `path` opened with `flags` under the number `fd`: closed, then opened
 * again until the kernel hands that number back (it gives the lowest free one, so lower free
 * numbers are taken meanwhile and let go after). Synchronous: nothing else runs in between.
 */
function reopenAs(fd: number, path: string, flags: 'r' | 'r+'): void {
  closeSync(fd);
  const lower: number[] = [];
  try {
    for (;;) {
      const got = openSync(path, flags);
      if (got === fd) return;
      lower.push(got);
      if (got > fd) throw new Error(`descriptor ${fd} was taken by something else`);
    }
  } finally {
    for (const other of lower) closeSync(other);
  }
}

async function readyz(url: string) {
  const response = await fetch(`${url}/readyz`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Sends the next legal move; the reply, and the game as the server shows it afterwards. */
async function moveOn(client: TestClient, game: GameSnapshot) {
  const reply = await client.act({ type: 'move', gameId: game.gameId, expect: game.seq, move: someLegalMove(game)! });
  client.send({ type: 'game-resume', gameId: game.gameId });
  return { reply, game: (await client.next('game', (f) => f.game.gameId === game.gameId)).game };
}

test('a disk that fails writes: moves are refused unavailable and not acknowledged, /readyz is 503 io-error, and play resumes when it works again', async () => {
  const logs: { msg: string; storage?: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line));
      done();
    },
  });
  const dir = mkdtempSync(join(tmpdir(), 'scorpion-ioerr-'));
  dirs.push(dir);
  server = await startServer({ databasePath: join(dir, 'scorpion.db'), logger: { level: 'info', stream } });
  const { cookie } = await signUp(server.url, 'Disk Ida');
  const client = await TestClient.connect(server.wsUrl, cookie);
  client.send({ type: 'practice-start', variant: 'scorpion', options: { foundations: false, open: false } });
  let game = (await client.next('game')).game;
  let reply: unknown;
  ({ reply, game } = await moveOn(client, game));
  expect(reply).toMatchObject({ type: 'ack', seq: 1 });

  const wal = realpathSync(join(dir, 'scorpion.db-wal'));
  const held = descriptorsOf(wal);
  expect(held.length).toBeGreaterThan(0);
  for (const fd of held) reopenAs(fd, wal, 'r');
  for (let i = 0; i < 2; i++) {
    ({ reply, game } = await moveOn(client, game));
    expect(reply).toMatchObject({ type: 'error', code: 'unavailable', gameId: game.gameId, retryAfter: 1 });
    expect(game.seq).toBe(1);
  }
  expect(await readyz(server.url)).toEqual({
    status: 503,
    body: {
      ok: false,
      reason: expect.stringMatching(/^storage failing: the disk answers writes with I\/O errors/),
      storage: 'io-error',
    },
  });

  for (const fd of held) reopenAs(fd, wal, 'r+');
  expect(await readyz(server.url)).toEqual({ status: 200, body: { ok: true, storage: 'up' } });
  ({ reply, game } = await moveOn(client, game));
  expect(reply).toMatchObject({ type: 'ack', seq: 2 });
  expect(logs.filter((l) => l.msg.startsWith('the database file refuses writes'))).toMatchObject([
    { storage: 'io-error' },
  ]);
  await client.close();

  // Every acknowledged move is in the file, and nothing else of this game.
  await server.close();
  server = undefined;
  const file = new Database(join(dir, 'scorpion.db'), { readonly: true });
  const stored = file.prepare('SELECT seq FROM actions WHERE game_id = ? ORDER BY seq').all(game.gameId);
  file.close();
  expect(stored).toEqual([{ seq: 0 }, { seq: 1 }]);
});
