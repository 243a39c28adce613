import { afterAll, expect, test } from 'vitest';
import { signUp, TestClient } from '../test/client.ts';
import { fixedDeals } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { testPostgres } from '../test/postgres.ts';

/*
 * Cluster mode on one PostgreSQL, two in-process servers: one stops beating with a player's arena
 * deal in play (it is closed: its last beat is its death), and the other's heartbeat sweep takes
 * the deal over, crediting the time since that beat to its clock and limit once, and runs it from
 * then on by the moved limit, not the one it had loaded. Real time, 250 ms beats: the sweep is
 * waited for by polling the stored row.
 */
const postgres = testPostgres('pg-arena-dead');
const ARENA = 'h-2026-12-06T13';
const shift = Date.parse('2026-12-06T13:02:00Z') - Date.now();
const now = () => Date.now() + shift;
const servers: RunningServer[] = [];
/** The limit the live process runs Cat's deal by: its arena's owner of the game, here. */
const limitHere = (server: RunningServer, gameId: string) =>
  new Map(server.app.arenas.cached(ARENA)?.held()).get(gameId)?.window.closesAt;
const start = async (nodeId: string) => {
  const server = await startServer({ databaseUrl: postgres.url, deals: fixedDeals, now, nodeId, arenaTickMs: 0 });
  servers.push(server);
  return server;
};
afterAll(async () => {
  for (const server of servers.splice(0)) await server.close();
});

test("a dead process's deal is swept up by a live one, credited since its last beat, and timed by its moved limit", async () => {
  const dying = await start('d1');
  const live = await start('d2');
  const cat = await signUp(dying.url, 'Pg Cat');
  const c = await TestClient.connect(dying.wsUrl, cat.cookie);
  c.send({ type: 'arena-join', arenaId: ARENA });
  await c.next('arena-standings');
  c.send({ type: 'arena-next', arenaId: ARENA, deal: 1, berserk: false });
  const { gameId } = (await c.next('game')).game;
  const dealt = (await live.app.repos.games.get(gameId))!;
  expect(await live.app.repos.outage.holderOf(gameId)).toMatchObject({ nodeId: 'd1' });

  // The live process has the arena in memory, with Cat's deal on its first limit.
  const dan = await signUp(live.url, 'Pg Dan');
  const d = await TestClient.connect(live.wsUrl, dan.cookie);
  d.send({ type: 'arena-join', arenaId: ARENA });
  await d.next('arena-standings');
  expect(limitHere(live, gameId)).toBe(dealt.closesAt);

  await c.close();
  servers.splice(servers.indexOf(dying), 1);
  const closingAt = now();
  await dying.close();
  await expect
    .poll(async () => (await live.app.repos.outage.holderOf(gameId))?.nodeId, { timeout: 10_000, interval: 50 })
    .toBe('d2');
  const takenAt = now();
  const credited = (await live.app.repos.games.get(gameId))!;
  // Its last beat was at its close: a second stale before the sweep took it, credited from there.
  expect(credited.pausedMs).toBeGreaterThanOrEqual(1_000);
  expect(credited.pausedMs).toBeLessThanOrEqual(takenAt - closingAt);
  expect(credited.closesAt).toBe(dealt.closesAt! + credited.pausedMs);
  await expect.poll(() => limitHere(live, gameId), { timeout: 5_000, interval: 20 }).toBe(credited.closesAt);
  // Once: the sweeps since (the limit's reload took a few beats) credited nothing more.
  expect((await live.app.repos.games.get(gameId))?.pausedMs).toBe(credited.pausedMs);
  await d.close();
});
