import { afterAll, expect, test } from 'vitest';
import { signUp, TestClient } from '../test/client.ts';
import { fixedDeals, WINNING } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { testPostgres } from '../test/postgres.ts';

/*
 * Cluster mode on one PostgreSQL, two in-process servers: one stops beating with a player's arena
 * deal in play (it is closed: its last beat is its death), and the other's heartbeat sweep takes
 * the deal over, crediting the time since that beat to its clock and limit once, and runs it from
 * then on by the moved limit, not the one it had loaded. A move sent to the other without a join
 * takes the deal as a join would; a process started again under its NODE_ID credits its previous
 * run's deals. Real time, 250 ms beats (the sweep is waited for by polling the stored row), but
 * for the restart, on a clock held still while it happens.
 */
const postgres = testPostgres('pg-arena-dead');
const ARENA = 'h-2026-12-06T13';
let shift = Date.parse('2026-12-06T13:02:00Z') - Date.now();
let frozen: number | undefined;
const now = () => frozen ?? Date.now() + shift;
const servers: RunningServer[] = [];
/** The limit the live process runs Cat's deal by: its arena's owner of the game, here. */
const limitHere = (server: RunningServer, gameId: string) =>
  new Map(server.app.arenas.cached(ARENA)?.held()).get(gameId)?.window.closesAt;
const stop = async (server: RunningServer) => {
  servers.splice(servers.indexOf(server), 1);
  await server.close();
};
/** A player signed up on `server`, connected there, joined and dealt the arena's first deal. */
const dealt = async (server: RunningServer, name: string) => {
  const player = await signUp(server.url, name);
  const client = await TestClient.connect(server.wsUrl, player.cookie);
  client.send({ type: 'arena-join', arenaId: ARENA });
  await client.next('arena-standings');
  client.send({ type: 'arena-next', arenaId: ARENA, deal: 1, berserk: false });
  const { gameId } = (await client.next('game')).game;
  return { cookie: player.cookie, client, gameId, row: (await server.app.repos.games.get(gameId))! };
};
const moveOn = (client: TestClient, gameId: string, expect: number) =>
  client.act({ type: 'move', gameId, expect, move: WINNING.moves[expect]! });
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

test('a move sent to another process without a join takes the deal from its live holder, credits nothing, and is acknowledged; and back', async () => {
  const one = await start('m1');
  const two = await start('m2');
  const eve = await dealt(one, 'Pg Eve');
  // Eve's socket lands on the other process (a reload behind the balancer) and moves at once.
  const there = await TestClient.connect(two.wsUrl, eve.cookie);
  expect(await moveOn(there, eve.gameId, 0)).toMatchObject({ type: 'ack', seq: 1 });
  expect(await two.app.repos.outage.holderOf(eve.gameId)).toMatchObject({ nodeId: 'm2' });
  expect(limitHere(two, eve.gameId)).toBe(eve.row.closesAt);
  // Back on the first (its copy of the game is behind): taken back, run as stored, acknowledged.
  expect(await moveOn(eve.client, eve.gameId, 1)).toMatchObject({ type: 'ack', seq: 2 });
  expect(await one.app.repos.outage.holderOf(eve.gameId)).toMatchObject({ nodeId: 'm1' });
  const row = (await one.app.repos.games.get(eve.gameId))!;
  expect([row.pausedMs, row.closesAt]).toStrictEqual([0, eve.row.closesAt]);
  await there.close();
  await eve.client.close();
  await stop(one);
  await stop(two);
});

test('a move sent to another process after its holder died is acknowledged once the deal is taken, credited since the last beat', async () => {
  const dying = await start('x1');
  const live = await start('x2');
  const fay = await dealt(dying, 'Pg Fay');
  await fay.client.close();
  const closingAt = now();
  await stop(dying);
  const there = await TestClient.connect(live.wsUrl, fay.cookie);
  expect(await moveOn(there, fay.gameId, 0)).toMatchObject({ type: 'ack', seq: 1 });
  const ackedAt = now();
  expect(await live.app.repos.outage.holderOf(fay.gameId)).toMatchObject({ nodeId: 'x2' });
  const credited = (await live.app.repos.games.get(fay.gameId))!;
  expect(credited.pausedMs).toBeGreaterThanOrEqual(1_000);
  expect(credited.pausedMs).toBeLessThanOrEqual(ackedAt - closingAt);
  expect(credited.closesAt).toBe(fay.row.closesAt! + credited.pausedMs);
  expect(limitHere(live, fay.gameId)).toBe(credited.closesAt);
  expect(await moveOn(there, fay.gameId, 1)).toMatchObject({ type: 'ack', seq: 2 });
  expect((await live.app.repos.games.get(fay.gameId))?.pausedMs).toBe(credited.pausedMs);
  await there.close();
  await stop(live);
});

test('a process started again under its NODE_ID within a second credits its deals the time it was away, once', async () => {
  const first = await start('r1');
  const other = await start('r2');
  const gus = await dealt(first, 'Pg Gus');
  await gus.client.close();
  // The clock stands still from here: the old run's last beat is at `at`, the new run starts 400 ms later.
  const at = now();
  frozen = at;
  await stop(first);
  frozen = at + 400;
  const again = await start('r1');
  shift = at + 400 - Date.now();
  frozen = undefined;
  const credited = (await again.app.repos.games.get(gus.gameId))!;
  expect([credited.pausedMs, credited.closesAt]).toStrictEqual([400, gus.row.closesAt! + 400]);
  expect(await again.app.repos.outage.holderOf(gus.gameId)).toMatchObject({ nodeId: 'r1' });
  expect(limitHere(again, gus.gameId)).toBe(credited.closesAt);
  // Gus plays on there; the other process took nothing, and nothing more is credited.
  const back = await TestClient.connect(again.wsUrl, gus.cookie);
  expect(await moveOn(back, gus.gameId, 0)).toMatchObject({ type: 'ack', seq: 1 });
  expect(await other.app.repos.outage.holderOf(gus.gameId)).toMatchObject({ nodeId: 'r1' });
  expect((await other.app.repos.games.get(gus.gameId))?.pausedMs).toBe(400);
  await back.close();
});
