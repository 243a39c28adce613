import { ArenaTable } from '@scorpion/protocol';
import { afterAll, expect, test } from 'vitest';
import { signUp, TestClient } from '../test/client.ts';
import { fixedDeals, WINNING } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { getJson } from '../test/http.ts';
import { testPostgres } from '../test/postgres.ts';

/*
 * Cluster mode on one PostgreSQL, two processes (in-process servers with node ids) and no Redis:
 * an arena's players play on either, and each process reads the one table from the database on
 * its sweep (what a cluster falls back to while Redis cannot answer: shared-table.test.ts), so a
 * result stored through one is in the standings the other pushes.
 */
const postgres = testPostgres('pg-arena');
const ARENA = 'h-2026-12-06T13';
const shift = Date.parse('2026-12-06T13:02:00Z') - Date.now();
const now = () => Date.now() + shift;
const servers: RunningServer[] = [];
const start = async (nodeId: string) => {
  const server = await startServer({ databaseUrl: postgres.url, deals: fixedDeals, now, nodeId, arenaTickMs: 0 });
  servers.push(server);
  return server;
};
afterAll(async () => {
  for (const server of servers) await server.close();
});

test('a win stored through one process is in the standings another pushes; the table is the database’s', async () => {
  const one = await start('n1');
  const two = await start('n2');
  const ann = await signUp(one.url, 'Pg Ann');
  const ben = await signUp(two.url, 'Pg Ben');
  const a = await TestClient.connect(one.wsUrl, ann.cookie);
  const b = await TestClient.connect(two.wsUrl, ben.cookie);
  a.send({ type: 'arena-join', arenaId: ARENA });
  await a.next('arena-standings');
  b.send({ type: 'arena-join', arenaId: ARENA });
  expect(await b.next('arena-standings')).toMatchObject({ players: 2 });

  a.send({ type: 'arena-next', arenaId: ARENA, deal: 1, berserk: false });
  expect((await a.play((await a.next('game')).game, WINNING.moves)).status).toBe('won');

  await two.app.arenas.tick();
  const seen = await b.next('arena-standings', (f) => f.top[0]?.score === 2);
  expect(seen.top.map((r) => [r.rank, r.player.nickname, r.score])).toStrictEqual([
    [1, 'Pg Ann', 2],
    [2, 'Pg Ben', 0],
  ]);
  // Ann goes on with deal 2 on the other process: the deal sequence is the database's too.
  const other = await TestClient.connect(two.wsUrl, ann.cookie);
  other.send({ type: 'arena-next', arenaId: ARENA, deal: 2, berserk: false });
  expect((await other.play((await other.next('game')).game, WINNING.moves)).status).toBe('won');
  const tables = await Promise.all(
    [one, two].map(async (s) => (await getJson(`${s.url}/api/arenas/${ARENA}/table`, ArenaTable)).body.rows),
  );
  expect(tables[0]).toStrictEqual(tables[1]);
  expect(tables[0]![0]).toMatchObject({ score: 4, fire: true, points: [2, 2] });
  for (const c of [a, b, other]) await c.close();
});
