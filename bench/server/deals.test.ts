import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { gameRow } from '../../apps/server/src/repo/contract/fixtures.ts';
import { sqliteRepos } from '../../apps/server/src/repo/sqlite/index.ts';
import { dealFromSeed } from '../../packages/rules/src/index.ts';
import { readDeals } from './deals.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// The PostgreSQL side is read by the cluster load test (cluster-load.test.ts), on a real cluster.
test('reads the deals of the games from a SQLite file while the server that writes it has it open', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'scorpion-deals-'));
  dirs.push(dir);
  const path = join(dir, 'server.db');
  const repos = sqliteRepos(path);
  try {
    const race = gameRow('p1', { kind: 'race', deck: dealFromSeed('scorpion', '0123456789abcdef0123456789abcdef') });
    const open = gameRow('p2', { variant: 'wasp', options: { foundations: true, open: true } });
    await repos.games.create(race);
    await repos.games.create(open);
    const deals = await readDeals(path, [race.id, open.id]);
    expect(deals.get(race.id)).toEqual({ variant: 'scorpion', options: race.options, deck: race.deck });
    expect(deals.get(open.id)).toEqual({
      variant: 'wasp',
      options: { foundations: true, open: true },
      deck: open.deck,
    });
    await expect(readDeals(path, [race.id, 'no-such-game'])).rejects.toThrow(
      /no deal stored for 1 of the load's games/,
    );
  } finally {
    await repos.close();
  }
});
