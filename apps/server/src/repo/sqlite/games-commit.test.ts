import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, test } from 'vitest';
import { gameRow } from '../contract/fixtures.ts';
import { MOST_PER_COMMIT } from './games.ts';
import { sqliteRepos } from './index.ts';

const work = mkdtempSync(join(tmpdir(), 'scorpion-games-commit-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

test('actions appended in one turn resolve a group at a time, each only once another connection can read it', async () => {
  const path = join(work, 'scorpion.db');
  const repos = sqliteRepos(path);
  const reader = new Database(path, { readonly: true });
  try {
    const row = gameRow('a');
    await repos.games.create(row);
    const stored = reader.prepare('SELECT count(*) AS n FROM actions WHERE game_id = ? AND seq = ?');
    const count = MOST_PER_COMMIT * 2 + 1;
    const resolved: number[] = [];
    const seenCommitted: boolean[] = [];
    // Set before the appends, so it runs before the group commit's own end-of-turn flush.
    const resolvedInTurn = new Promise<number>((resolve) => setImmediate(() => resolve(resolved.length)));
    const appends = Array.from({ length: count }, (_, seq) =>
      repos.games.append(row.id, { seq, at: 1_000 + seq, action: { kind: 'undo' } }).then(() => {
        resolved.push(seq);
        seenCommitted.push((stored.get(row.id, seq) as { n: number }).n === 1);
      }),
    );
    // The full groups were committed while the turn's frames were still being handled.
    expect(await resolvedInTurn).toBe(MOST_PER_COMMIT * 2);
    await Promise.all(appends);
    expect(resolved).toStrictEqual(Array.from({ length: count }, (_, seq) => seq));
    expect(seenCommitted).toStrictEqual(resolved.map(() => true));
  } finally {
    reader.close();
    await repos.close();
  }
});
