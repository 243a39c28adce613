import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, test } from 'vitest';
import { gameRow } from '../contract/fixtures.ts';
import { mostPerCommit } from './games.ts';
import { sqliteRepos } from './index.ts';

const work = mkdtempSync(join(tmpdir(), 'scorpion-games-commit-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * Appends `count` actions to a new game in one turn of the event loop. Returns how many had
 * resolved when the turn ended, the order they resolved in, and whether each one, when it
 * resolved, could be read from another connection (committed, not only written).
 */
async function appendInOneTurn(sync: 'normal' | 'full', count: number) {
  const path = join(work, `${sync}.db`);
  const repos = sqliteRepos(path, sync);
  const reader = new Database(path, { readonly: true });
  try {
    const row = gameRow('a');
    await repos.games.create(row);
    const stored = reader.prepare('SELECT count(*) AS n FROM actions WHERE game_id = ? AND seq = ?');
    const resolved: number[] = [];
    const committed: boolean[] = [];
    // Set before the appends, so it runs before the group commit's own end-of-turn flush.
    const inTurn = new Promise<number>((resolve) => setImmediate(() => resolve(resolved.length)));
    const appends = Array.from({ length: count }, (_, seq) =>
      repos.games.append(row.id, { seq, at: 1_000 + seq, action: { kind: 'undo' } }).then(() => {
        resolved.push(seq);
        committed.push((stored.get(row.id, seq) as { n: number }).n === 1);
      }),
    );
    const resolvedInTurn = await inTurn;
    await Promise.all(appends);
    return { resolvedInTurn, resolved, committed };
  } finally {
    reader.close();
    await repos.close();
  }
}

test('with synchronous NORMAL, actions appended in one turn resolve a small group at a time, each once committed', async () => {
  const most = mostPerCommit('normal');
  const { resolvedInTurn, resolved, committed } = await appendInOneTurn('normal', most * 2 + 1);
  // The full groups were committed while the turn's frames were still being handled.
  expect(resolvedInTurn).toBe(most * 2);
  expect(resolved).toStrictEqual(Array.from({ length: most * 2 + 1 }, (_, seq) => seq));
  expect(committed).toStrictEqual(resolved.map(() => true));
});

test('with synchronous FULL, where every commit waits for an fsync, one turn shares one commit', async () => {
  const { resolvedInTurn, resolved, committed } = await appendInOneTurn('full', 9);
  expect(resolvedInTurn).toBe(0);
  expect(resolved).toStrictEqual(Array.from({ length: 9 }, (_, seq) => seq));
  expect(committed).toStrictEqual(resolved.map(() => true));
});
