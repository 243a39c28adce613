import { WATCH_REFUSED } from '@scorpion/protocol';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUp, TestClient } from '../../test/client.ts';
import { fixedDeals, WINNING } from '../../test/deals.ts';
import { startServer } from '../../test/helper.ts';
import { RealCluster } from '../../test/real-cluster.ts';
import { openRoom } from '../../test/rooms.ts';
import { visitorsCounted } from '../../test/visitors-counted.ts';
import { WATCHERS_PER_ADDRESS } from '../../ws/visitor-sockets.ts';
import {
  ALICE_MOVES,
  actionsOf,
  createRoomOn,
  expectStoredOnce,
  outcome,
  playTheRace,
  raceRow,
  rejoin,
  startRace,
} from './race-steps.ts';

/*
 * Issue #14's proofs on real processes (`startCluster`: PostgreSQL, Redis, three servers from the
 * build, HAProxy), every socket through HAProxy: a race across processes, failover by SIGKILL,
 * split brain by SIGSTOP; and issue #32's count of one address's visitors over the processes. One cluster for the file; each test has its own room and players.
 * Nothing waits on the wall clock for a verdict: each step awaits a frame, a close, a log line
 * or a row, and the figures it measures are printed for docs/operations.md.
 */

let cluster: RealCluster;

beforeAll(async () => {
  cluster = await RealCluster.start(3);
}, 240_000);

afterAll(async () => {
  await cluster?.stop();
}, 60_000);

test('a race across processes: racers landing on two processes race on the owner; a member browsing on a third gets the room and race-over frames; the results equal one process', async () => {
  const alice = await signUp(cluster.url, 'Across Alice');
  const bob = await signUp(cluster.url, 'Across Bob');
  const code = await createRoomOn(cluster, 'node-1', alice.cookie);
  // Alice's other tab browses on node-3, with no room named: her room's frames reach it by Redis.
  const watcher = cluster.socket('node=node-3', alice.cookie);
  await watcher.client.next('welcome');
  expect(await watcher.node).toBe('node-3');

  const a = await cluster.roomSocket(code, alice.cookie, 'node-2');
  const b = await cluster.roomSocket(code, bob.cookie, 'node-3');
  expect(a.path).toEqual(['node-2', 'node-1']);
  expect(b.path).toEqual(['node-3', 'node-1']);
  const [aliceGame, bobGame] = await startRace(code, a.client, b.client);
  await playTheRace(a.client, aliceGame, b.client, bobGame);
  const over = await a.client.next('race-over');
  expect((await b.client.next('race-over')).results).toEqual(over.results);
  expect(await watcher.client.next('room', (f) => f.room.status === 'racing')).toBeTruthy();
  expect((await watcher.client.next('race-over')).results).toEqual(over.results);

  const stored = await cluster.sql<{ n: number }>('SELECT count(*)::int AS n FROM race_results WHERE race_id = $1', [
    over.raceId,
  ]);
  expect(stored).toEqual([{ n: 2 }]);
  expect((await actionsOf(cluster, aliceGame.gameId)).map((r) => r.seq)).toEqual(ALICE_MOVES.map((_, i) => i));

  // The same moves on one embedded server.
  const single = await startServer({ deals: fixedDeals, countdownMs: 100 });
  try {
    const soloAlice = await signUp(single.url, 'Across Alice');
    const soloBob = await signUp(single.url, 'Across Bob');
    const sa = await TestClient.connect(single.wsUrl, soloAlice.cookie);
    const sb = await TestClient.connect(single.wsUrl, soloBob.cookie);
    const soloCode = await openRoom(sa);
    const [saGame, sbGame] = await startRace(soloCode, sa, sb);
    await playTheRace(sa, saGame, sb, sbGame);
    expect(outcome((await sa.next('race-over')).results)).toEqual(outcome(over.results));
  } finally {
    await single.close();
  }
  await Promise.all([a.client.close(), b.client.close(), watcher.client.close()]);
}, 120_000);

test("issue #32: one address's visitors (watching without a sign-up) are counted over the cluster: 50 over two processes, the 51st refused on either, a close frees a place on the other", async () => {
  const redis = new Redis(cluster.redisUrl);
  try {
    const olga = await signUp(cluster.url, 'Visited Olga');
    const pat = await signUp(cluster.url, 'Visited Pat');
    const rooms = [
      { node: 'node-1', code: await createRoomOn(cluster, 'node-1', olga.cookie) },
      { node: 'node-2', code: await createRoomOn(cluster, 'node-2', pat.cookie) },
    ];
    // Through HAProxy, as a browser on the room's page opens it: every socket from this one address.
    const watch = (at: (typeof rooms)[number]) => cluster.socket(`room=${at.code}&watch=1&node=${at.node}`, '');
    const visitors = [];
    for (let i = 0; i < WATCHERS_PER_ADDRESS; i++) {
      const at = rooms[i % 2]!;
      const visitor = watch(at);
      expect((await visitor.client.next('watching')).room.code).toBe(at.code);
      expect(await visitor.node).toBe(at.node);
      visitors.push(visitor.client);
    }
    expect(await visitorsCounted(redis)).toBe(WATCHERS_PER_ADDRESS);
    // 25 on each process, 50 in the cluster: neither lets one more in.
    for (const at of rooms) {
      const refused = watch(at).client;
      expect(await refused.next('error')).toMatchObject({ code: 'too-many-watchers' });
      expect((await refused.closed).code).toBe(WATCH_REFUSED);
    }
    // One leaves node-2 (the even ones are node-1's): once its place is given back, node-1 lets one in.
    await visitors[1]!.close();
    await expect.poll(() => visitorsCounted(redis), { timeout: 10_000 }).toBe(WATCHERS_PER_ADDRESS - 1);
    const next = watch(rooms[0]!);
    expect((await next.client.next('watching')).room.code).toBe(rooms[0]!.code);
    await Promise.all([...visitors, next.client].map((client) => client.close()));
    await expect.poll(() => visitorsCounted(redis), { timeout: 10_000 }).toBe(0);
  } finally {
    redis.disconnect();
  }
});

test('failover: the owner is killed mid-race (SIGKILL); the race resumes on another process, every acked move stored once, one result each, the pause credited', async () => {
  const carol = await signUp(cluster.url, 'Failover Carol');
  const dave = await signUp(cluster.url, 'Failover Dave');
  const code = await createRoomOn(cluster, 'node-2', carol.cookie);
  const c = await cluster.roomSocket(code, carol.cookie);
  const d = await cluster.roomSocket(code, dave.cookie);
  expect([c.node, d.node]).toEqual(['node-2', 'node-2']);
  const [carolGame, daveGame] = await startRace(code, c.client, d.client);
  const raceId = carolGame.raceId!;
  const half = Math.floor(WINNING.moves.length / 2);
  const carolAcked = await c.client.play(carolGame, WINNING.moves.slice(0, half));
  const daveAcked = await d.client.play(daveGame, WINNING.moves.slice(0, 5));

  const killed = cluster.pid('node-2');
  const from = cluster.output().length;
  const killedAt = Date.now();
  process.kill(killed, 'SIGKILL');
  expect((await c.client.closed).code).toBe(1006);

  // Carol's tab reconnects as the browser does, and lands on whoever owns the room now.
  const back = await rejoin(cluster, code, carol.cookie, carolGame.gameId);
  const resumedAfterMs = Date.now() - killedAt;
  expect(back.game).toMatchObject({ seq: carolAcked.seq, view: carolAcked.view, status: 'playing' });
  const owner = back.node;
  // Another process: another node, or node-2 started again by the launcher with a new pid.
  if (owner === 'node-2') expect(cluster.pid('node-2')).not.toBe(killed);
  expect(cluster.output().slice(from)).toMatch(/node-2 \(pid \d+\) exited \(SIGKILL\)/);

  const won = await back.client.play(back.game, WINNING.moves.slice(half));
  expect(won.status).toBe('won');
  await d.client.closed;
  const daveBack = await rejoin(cluster, code, dave.cookie, daveGame.gameId);
  expect(daveBack.game.seq).toBe(daveAcked.seq);
  await daveBack.client.play(daveBack.game, WINNING.moves.slice(5, 10));
  daveBack.client.send({ type: 'give-up', gameId: daveGame.gameId });
  const over = await back.client.next('race-over');
  expect(over.results.map((r) => [r.playerId, r.rank, r.won])).toEqual([
    [carol.id, 1, true],
    [dave.id, 2, false],
  ]);

  await expectStoredOnce(cluster, carolGame.gameId, WINNING.moves);
  await expectStoredOnce(cluster, daveGame.gameId, WINNING.moves.slice(0, 10));
  const race = await raceRow(cluster, raceId);
  expect(race.status).toBe('finished');
  const results = await cluster.sql<{ player_id: string }>('SELECT player_id FROM race_results WHERE race_id = $1', [
    raceId,
  ]);
  expect(results.map((r) => r.player_id).sort()).toEqual([carol.id, dave.id].sort());
  // The pause is what the clocks were credited: the players could not play from the last renewal
  // (or move) until the takeover, never more than the lease and its renewal's slack.
  expect(race.paused_ms).toBeGreaterThan(0);
  expect(race.paused_ms).toBeLessThanOrEqual(cluster.leaseMs + 1000);
  expect(back.client.frames.filter((f) => f.includes('"race-over"'))).toHaveLength(1);
  console.log(
    `[proof] failover: owner node-2 killed; resumed on ${owner} after ${resumedAfterMs} ms (sockets: ${back.path.join(' → ')}); credited pause ${race.paused_ms} ms`,
  );
  await Promise.all([back.client.close(), daveBack.client.close()]);
}, 120_000);

test('split brain: the owner stopped (SIGSTOP) past its lease is replaced; woken (SIGCONT), its write is refused and it drops its sockets with 4009', async () => {
  const erin = await signUp(cluster.url, 'Split Erin');
  const frank = await signUp(cluster.url, 'Split Frank');
  const code = await createRoomOn(cluster, 'node-3', erin.cookie);
  const e = await cluster.roomSocket(code, erin.cookie);
  const f = await cluster.roomSocket(code, frank.cookie);
  expect([e.node, f.node]).toEqual(['node-3', 'node-3']);
  const [erinGame, frankGame] = await startRace(code, e.client, f.client);
  const erinAcked = await e.client.play(erinGame, WINNING.moves.slice(0, 10));
  await f.client.play(frankGame, WINNING.moves.slice(0, 3));

  const stopped = cluster.pid('node-3');
  const from = cluster.output().length;
  process.kill(stopped, 'SIGSTOP');
  try {
    await cluster.stopped(stopped);
    // Erin's next move waits in node-3's socket buffer: the first thing it reads when it wakes.
    e.client.send({ type: 'move', gameId: erinGame.gameId, expect: erinAcked.seq, move: WINNING.moves[10]! });
    await cluster.line(/Server nodes\/node-3 is DOWN/, from);
    // Taken over: another process holds the room and has credited the race its pause.
    const taken = await cluster.untilRow<{ node_id: string }>(
      `SELECT o.node_id FROM room_owners o JOIN races r ON r.code = o.code
        WHERE r.id = $1 AND r.paused_ms > 0 AND o.node_id <> 'node-3'`,
      [erinGame.raceId],
    );
    expect(['node-1', 'node-2']).toContain(taken.node_id);
  } finally {
    process.kill(stopped, 'SIGCONT');
  }

  // Woken, node-3 reads Erin's move (or runs its renewal tick) first: its lease lapsed by its own
  // clock, the renewal is refused, so it drops the room, refuses the move and sends both players
  // to the new owner. Nothing it did was stored.
  const owner = (await cluster.sql<{ node_id: string }>('SELECT node_id FROM room_owners WHERE code = $1', [code]))[0]!
    .node_id;
  expect(await e.client.closed).toEqual({ code: 4009, reason: owner });
  expect(await f.client.closed).toEqual({ code: 4009, reason: owner });
  await expectStoredOnce(cluster, erinGame.gameId, WINNING.moves.slice(0, 10));
  await expectStoredOnce(cluster, frankGame.gameId, WINNING.moves.slice(0, 3));
  expect(await raceRow(cluster, erinGame.raceId!)).toMatchObject({ status: 'racing', finished_at: null });

  // The race runs on at the new owner, from what was stored.
  const erinBack = await rejoin(cluster, code, erin.cookie, erinGame.gameId);
  expect(erinBack.node).toBe(owner);
  expect(erinBack.game.seq).toBe(erinAcked.seq);
  const frankBack = await rejoin(cluster, code, frank.cookie, frankGame.gameId);
  await erinBack.client.play(erinBack.game, WINNING.moves.slice(10, 12));
  frankBack.client.send({ type: 'give-up', gameId: frankGame.gameId });
  erinBack.client.send({ type: 'give-up', gameId: erinGame.gameId });
  expect((await erinBack.client.next('race-over')).results).toHaveLength(2);
  await expectStoredOnce(cluster, erinGame.gameId, WINNING.moves.slice(0, 12));
  await Promise.all([erinBack.client.close(), frankBack.client.close()]);
}, 120_000);
