import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TestClient } from '../test/client.ts';
import { fixedDeals, WINNING } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { joinRoom, openRoom, players, roomWhere } from '../test/rooms.ts';

let server: RunningServer;
const dir = mkdtempSync(join(tmpdir(), 'scorpion-absent-'));

beforeAll(async () => {
  server = await startServer({ deals: fixedDeals, countdownMs: 0, absentGraceMs: 300 });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Resolves once the hub has run a hand-over of room `code` (a host's grace ran out), whether or
 * not anyone was here to take it: the moment to wait for, where no frame tells a client.
 */
function handOverRun(code: string): Promise<void> {
  const rooms = server.app.hub as unknown as { memory: { handOver(code: string): Promise<void> } };
  const hub = rooms.memory;
  const original = hub.handOver;
  return new Promise((resolve) => {
    hub.handOver = async function (this: unknown, room: string) {
      await original.call(this, room);
      if (room !== code) return;
      hub.handOver = original;
      resolve();
    };
  });
}

test('a racer away for the whole grace is counted out, so a race without a time limit ends', async () => {
  const [ann, ben] = await players(server, 'Done Ann', 'Gone Ben');
  const code = await openRoom(ann!.client, 0);
  await joinRoom(ben!.client, code);
  ann!.client.send({ type: 'room-start', code });
  const aGame = (await ann!.client.next('game')).game;
  const bGame = (await ben!.client.next('game')).game;
  await ben!.client.play(bGame, WINNING.moves.slice(0, 2));
  await ann!.client.play(aGame, WINNING.moves);

  await ben!.client.close();
  const dropped = await ann!.client.next('race-progress', (p) => p.racers.some((r) => !r.connected));
  expect(dropped.racers.find((r) => r.playerId === ben!.id)).toMatchObject({ state: 'playing', connected: false });
  const over = await ann!.client.next('race-over');
  expect(over.results.map((r) => [r.rank, r.nickname, r.won, r.gaveUp, r.moves])).toEqual([
    [1, 'Done Ann', true, false, WINNING.moves.length],
    [2, 'Gone Ben', false, true, 2],
  ]);

  // Back later, Ben finds the race over and his game ended.
  ben!.client = await TestClient.connect(server.wsUrl, ben!.cookie);
  expect(ben!.client.welcome.games).toEqual([]);
  expect((await joinRoom(ben!.client, code)).lastResults).toEqual(over.results);
  for (const p of [ann!, ben!]) await p.client.close();
});

test('a race resumed after a restart gives an absent racer a whole grace from the restart, and still ends', async () => {
  let offset = 0;
  const now = () => Date.now() + offset;
  const databasePath = join(dir, 'restart.db');
  // The first server's grace is the real one, which this test never waits out.
  const first = await startServer({ databasePath, deals: fixedDeals, countdownMs: 0, now });
  const [ann, ben] = await players(first, 'Restart Ann', 'Restart Ben');
  const code = await openRoom(ann!.client, 0);
  await joinRoom(ben!.client, code);
  ann!.client.send({ type: 'room-start', code });
  const aGame = (await ann!.client.next('game')).game;
  await ben!.client.next('game');
  await ben!.client.close();
  await roomWhere(ann!.client, (r) => r.members.some((m) => m.id === ben!.id && !m.connected));
  // By the server's clock Ben has now been away for longer than any grace.
  offset += 10 * 60_000;
  await first.close();

  const GRACE = 1000;
  const second = await startServer({ databasePath, deals: fixedDeals, countdownMs: 0, now, absentGraceMs: GRACE });
  const resumedAt = Date.now();
  try {
    ann!.client = await TestClient.connect(second.wsUrl, ann!.cookie);
    expect(await joinRoom(ann!.client, code)).toMatchObject({ status: 'racing' });
    const resumed = await ann!.client.next('race-progress');
    expect(resumed.racers.find((r) => r.playerId === ben!.id)).toMatchObject({ state: 'playing', connected: false });

    const out = await ann!.client.next('race-progress', (p) => p.racers.some((r) => r.state === 'gave-up'));
    expect(Date.now() - resumedAt).toBeGreaterThan(GRACE / 2);
    expect(out.racers.find((r) => r.playerId === ben!.id)?.state).toBe('gave-up');
    await ann!.client.play(aGame, WINNING.moves);
    const over = await ann!.client.next('race-over');
    expect(over.results.map((r) => [r.nickname, r.won, r.gaveUp])).toEqual([
      ['Restart Ann', true, false],
      ['Restart Ben', false, true],
    ]);
    await ann!.client.close();
  } finally {
    await second.close();
  }
});

test('a host away for the whole grace hands the room to a member who is here, or to the first one back', async () => {
  const [ann, ben] = await players(server, 'Host Ann', 'Heir Ben');
  const code = await openRoom(ann!.client);
  await joinRoom(ben!.client, code);
  await ann!.client.close();
  await roomWhere(ben!.client, (r) => r.members.some((m) => m.id === ann!.id && !m.connected));
  expect((await roomWhere(ben!.client, (r) => r.hostId === ben!.id)).members.map((m) => m.host)).toEqual([false, true]);

  // Now Ben goes too; his grace runs out with nobody here, so Ann takes over when she is back.
  const benGraceOut = handOverRun(code);
  await ben!.client.close();
  await benGraceOut;
  ann!.client = await TestClient.connect(server.wsUrl, ann!.cookie);
  await joinRoom(ann!.client, code);
  expect(await roomWhere(ann!.client, (r) => r.hostId === ann!.id)).toMatchObject({ hostId: ann!.id });
  await ann!.client.close();
});
