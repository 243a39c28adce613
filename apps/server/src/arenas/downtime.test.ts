import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ArenaRow, ArenaTable, type GameSnapshot } from '@scorpion/protocol';
import { afterAll, expect, test } from 'vitest';
import { signUp, TestClient } from '../test/client.ts';
import { fixedDeals, WINNING } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { getJson } from '../test/http.ts';

/*
 * A server stopped and started again three minutes later while two players have an arena deal
 * in play, on an injected clock that stands still unless the test moves it: the hourly arena of
 * 15:00 on 2026-12-06 (15:00–15:20), each deal the fixed certified one (5 minutes a deal). The
 * three minutes go on neither deal's clock: one is won after its first limit had passed, in the
 * time its clock shows; the other times out three minutes late, as a time-out, not cut short.
 */
const ARENA = 'h-2026-12-06T15';
const MINUTE = 60_000;
const T0 = Date.parse('2026-12-06T15:02:00Z');
let time = T0;
const now = () => time;

const dir = mkdtempSync(join(tmpdir(), 'scorpion-arena-downtime-'));
const databasePath = join(dir, 'scorpion.db');
const start = () => startServer({ databasePath, deals: fixedDeals, now, arenaTickMs: 0 });
let server: RunningServer;
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function joined(client: TestClient): Promise<ArenaRow> {
  client.send({ type: 'arena-join', arenaId: ARENA });
  return (await client.next('arena-standings')).me!;
}

async function dealOne(client: TestClient): Promise<GameSnapshot> {
  client.send({ type: 'arena-next', arenaId: ARENA, deal: 1, berserk: false });
  return (await client.next('game')).game;
}

const table = async () => (await getJson(`${server.url}/api/arenas/${ARENA}/table`, ArenaTable)).body;

test('a restart credits its downtime to every arena deal in play: the limit moves, the win time excludes it', async () => {
  server = await start();
  const ann = await signUp(server.url, 'Downtime Ann');
  const ben = await signUp(server.url, 'Downtime Ben');
  let a = await TestClient.connect(server.wsUrl, ann.cookie);
  let b = await TestClient.connect(server.wsUrl, ben.cookie);
  await joined(a);
  await joined(b);
  const annDeal = await dealOne(a);
  const benDeal = await dealOne(b);
  time += MINUTE;
  const annMoved = await a.play(annDeal, WINNING.moves.slice(0, 1));
  await b.play(benDeal, WINNING.moves.slice(0, 1));

  // Stopped at 15:03 and started again at 15:06: both deals' first limit (15:07) is near.
  await a.close();
  await b.close();
  await server.close();
  time += 3 * MINUTE;
  server = await start();

  // Past the first limit, neither deal is timed out: each closes three minutes later.
  time = T0 + 5 * MINUTE + 30_000;
  await server.app.arenas.tick();
  a = await TestClient.connect(server.wsUrl, ann.cookie);
  expect(await joined(a)).toMatchObject({ deal: 1, playing: true, score: 0 });
  const resumed = (await a.next('game')).game;
  // 5.5 minutes since the deal, 3 of them down: 2.5 on its clock, as the page shows it.
  expect(resumed).toMatchObject({ gameId: annDeal.gameId, status: 'playing', seq: annMoved.seq });
  expect(resumed.elapsedMs).toBe(150_000);
  const won = await a.play(resumed, WINNING.moves.slice(1));
  expect(won).toMatchObject({ status: 'won', elapsedMs: 150_000 });

  time = T0 + 8 * MINUTE - 1;
  await server.app.arenas.tick();
  b = await TestClient.connect(server.wsUrl, ben.cookie);
  expect(await joined(b)).toMatchObject({ deal: 1, playing: true });
  time = T0 + 8 * MINUTE;
  await server.app.arenas.tick();
  expect((await table()).rows.map((r) => [r.player.nickname, r.score, r.points])).toStrictEqual([
    ['Downtime Ann', 2, [2]],
    ['Downtime Ben', 0, [0]],
  ]);

  // At the end, the final table counts Ben's deal as timed out at its moved limit, not cut short.
  time = Date.parse('2026-12-06T15:20:00Z');
  await server.app.arenas.tick();
  await a.next('arena-over');
  const final = await table();
  expect(
    final.rows.map((r) => [r.player.nickname, r.games?.map((g) => [g.outcome, g.points, g.elapsedMs])]),
  ).toStrictEqual([
    ['Downtime Ann', [['won', 2, 150_000]]],
    ['Downtime Ben', [['timed-out', 0, 5 * MINUTE]]],
  ]);
  await a.close();
  await b.close();
}, 30_000);
