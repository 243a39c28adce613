import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, test } from 'vitest';
import { openDb } from '../../db/open.ts';
import { gameRow } from '../contract/fixtures.ts';
import { sqliteGames } from './games.ts';

const work = mkdtempSync(join(tmpdir(), 'scorpion-games-wal-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const turnEnds = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A database whose WAL keeper runs only when the test calls it, holding past 50 frames. Its hold
 * is never cut short: the 250 ms cap is a real timer, which a loaded machine's checkpoint thread
 * could outlast (wal-keeper.test.ts holds the cap on a fake clock).
 */
function open(name: string, sync: 'normal' | 'full') {
  const path = join(work, `${name}-${sync}.db`);
  const opened = openDb(path, sync, { everyMs: null, holdAtFrames: 50, holdCapMs: 600_000 });
  const games = sqliteGames(opened.db, opened.sqlite, sync, undefined, opened.commits);
  /**
   * The WAL header's checkpoint sequence number, which SQLite counts up each time it starts the
   * WAL over (https://www.sqlite.org/fileformat.html#the_write_ahead_log). Counting restarts,
   * not bytes: while held, the test's writes, one a turn, pile up faster than any real load.
   */
  const walRestarts = () => readFileSync(`${path}-wal`).readUInt32BE(12);
  return { path, opened, games, walRestarts };
}

/**
 * Appends one action a turn to a new game, as a steady load does, until `stop`; `appends` are
 * their promises, in order.
 */
async function steadyWrites(games: ReturnType<typeof open>['games']) {
  const row = gameRow('w');
  await games.create(row);
  const appends: Promise<void>[] = [];
  let writing = true;
  const loop = () => {
    if (!writing) return;
    appends.push(games.append(row.id, { seq: appends.length, at: appends.length, action: { kind: 'undo' } }));
    setImmediate(loop);
  };
  loop();
  const turns = async (n: number) => {
    for (let i = 0; i < n; i++) await turnEnds();
  };
  const stop = async () => {
    writing = false;
    await Promise.all(appends);
  };
  return { gameId: row.id, appends, turns, stop };
}

test.each(['normal', 'full'] as const)(
  'with synchronous %s, under steady writes a catch-up starts the WAL over, and every write is stored in order',
  async (sync) => {
    const { opened, games, walRestarts } = open('steady', sync);
    try {
      const writes = await steadyWrites(games);
      await writes.turns(200);
      const before = walRestarts();
      expect(await opened.wal!.cycle()).toBe('caught-up');
      await writes.turns(10);
      await writes.stop();
      expect(walRestarts()).toBeGreaterThan(before);
      const seqs = opened.sqlite.prepare('SELECT seq FROM actions WHERE game_id = ? ORDER BY seq').pluck();
      expect(seqs.all(writes.gameId)).toStrictEqual(writes.appends.map((_, seq) => seq));
    } finally {
      await opened.close();
    }
  },
);

test('a held append resolves only once committed, after the release, in the order it came', async () => {
  const { path, opened, games } = open('held', 'normal');
  const reader = new Database(path, { readonly: true });
  try {
    const row = gameRow('h');
    await games.create(row);
    const resolved: number[] = [];
    const stored = reader.prepare('SELECT seq FROM actions WHERE game_id = ? ORDER BY seq').pluck();
    opened.commits!.hold();
    const appends = [0, 1, 2, 3, 4, 5].map((seq) =>
      games.append(row.id, { seq, at: seq, action: { kind: 'undo' } }).then(() => {
        resolved.push(seq);
        expect(stored.all(row.id)).toContain(seq);
      }),
    );
    await turnEnds();
    await turnEnds();
    expect(resolved).toStrictEqual([]);
    expect(stored.all(row.id)).toStrictEqual([]);
    opened.commits!.release();
    await Promise.all(appends);
    expect(resolved).toStrictEqual([0, 1, 2, 3, 4, 5]);
    expect(stored.all(row.id)).toStrictEqual([0, 1, 2, 3, 4, 5]);
  } finally {
    reader.close();
    await opened.close();
  }
});

test('a close during a catch-up commits the held writes, then empties the WAL', async () => {
  const { path, opened, games } = open('close', 'normal');
  const writes = await steadyWrites(games);
  await writes.turns(200);
  const cycle = opened.wal!.cycle();
  await writes.turns(5);
  const closed = opened.close();
  await writes.stop();
  await closed;
  await cycle;
  // The last connection to close deletes an empty WAL.
  expect(existsSync(`${path}-wal`)).toBe(false);
  const reader = new Database(path, { readonly: true });
  try {
    const seqs = reader.prepare('SELECT seq FROM actions WHERE game_id = ? ORDER BY seq').pluck();
    expect(seqs.all(writes.gameId)).toStrictEqual(writes.appends.map((_, seq) => seq));
  } finally {
    reader.close();
  }
});
