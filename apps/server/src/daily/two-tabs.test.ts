import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { RankedDailyTaken } from '../repo/errors.ts';
import { fixedDeals } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { twoTabsJoinAtOnce } from '../test/two-tabs.ts';

const dir = mkdtempSync(join(tmpdir(), 'scorpion-two-tabs-'));
const clock = Date.UTC(2026, 5, 1, 9, 0, 0);
const servers: RunningServer[] = [];

beforeAll(async () => {
  // Two processes on one database file: each has its own per-player lock, as two cluster nodes do.
  for (let i = 0; i < 2; i++) {
    servers.push(await startServer({ databasePath: join(dir, 'scorpion.db'), now: () => clock, deals: fixedDeals }));
  }
});
afterAll(async () => {
  for (const server of servers) await server.close();
  rmSync(dir, { recursive: true, force: true });
});

test('two tabs on two processes joining at once: the second to store its ranked game is refused by the index and given the first', async () => {
  const [a, b] = servers as [RunningServer, RunningServer];
  const { me, onA, onB, first, second, stores } = await twoTabsJoinAtOnce(a, b);
  expect(stores[0]).toMatchObject({ type: 'rejected', value: expect.any(RankedDailyTaken) });
  expect(second).toMatchObject({ gameId: first.gameId, ranked: true });
  expect(await a.app.repos.games.dailyOf(me.id, '2026-06-01')).toStrictEqual([
    { id: first.gameId, status: 'playing', ranked: true },
  ]);
  onA.socket.close();
  onB.socket.close();
});
