import type { GameSnapshot } from '@scorpion/protocol';
import { expect } from 'vitest';
import type { Repos } from '../../repo/types.ts';
import { signUp, TestClient } from '../../test/client.ts';
import { WINNING } from '../../test/deals.ts';
import { openRoom } from '../../test/rooms.ts';

/** One server process of the cluster, as the failover scenario sees it. */
export interface ClusterNode {
  readonly id: string;
  readonly url: string;
  /** `ws://…/ws` */
  readonly wsUrl: string;
}

/**
 * What the scenario needs of a cluster: in one test process (two apps on one SQLite file, one
 * clock moved by hand, lease ticks called by hand) or, later, of child processes on PostgreSQL
 * (real time, `SIGSTOP` to stop renewing).
 */
export interface Cluster {
  readonly a: ClusterNode;
  readonly b: ClusterNode;
  readonly leaseMs: number;
  /** The store every node shares, to check what was written. */
  readonly repos: Repos;
  /** The node renews its leases and takes over orphaned races (what its timer does). */
  tick(node: ClusterNode): Promise<void>;
  /** Time passes (the shared clock moves on, or the test waits). */
  advance(ms: number): Promise<void>;
}

const roomUrl = (node: ClusterNode, code: string, owner?: string) =>
  `${node.wsUrl}?room=${code}${owner ? `&node=${owner}` : ''}`;

/** A socket for the room on `node`, following one 4009 redirect the way the web client does. */
async function connectToRoom(cluster: Cluster, node: ClusterNode, code: string, cookie: string) {
  const first = new TestClient(roomUrl(node, code), cookie);
  const outcome = await Promise.race([first.next('welcome').then(() => 'welcome' as const), first.closed]);
  if (outcome === 'welcome') return { client: first, redirected: false };
  expect(outcome.code).toBe(4009);
  const owner = [cluster.a, cluster.b].find((n) => n.id === outcome.reason);
  if (!owner) throw new Error(`redirected to an unknown node "${outcome.reason}"`);
  const client = await TestClient.connect(roomUrl(owner, code, owner.id), cookie);
  return { client, redirected: true };
}

/**
 * Two racers on node A; A stops renewing; B takes the race over after the lease, credits the
 * gap, and the race ends (and is rated) there once. A's late write is refused and it drops its sockets.
 */
export async function failoverScenario(cluster: Cluster): Promise<void> {
  const { a, b } = cluster;
  const alice = await signUp(a.url, 'Owner Alice');
  const bob = await signUp(a.url, 'Owner Bob');

  // Alice creates a rated room on A: A owns it.
  const aliceOnA = await TestClient.connect(a.wsUrl, alice.cookie);
  const code = await openRoom(aliceOnA, 0, { rated: true });

  // Bob lands on B: redirected to A, where he joins.
  const bobLanding = await connectToRoom(cluster, b, code, bob.cookie);
  expect(bobLanding.redirected).toBe(true);
  const bobOnA = bobLanding.client;
  bobOnA.send({ type: 'room-join', code });
  await bobOnA.next('room');

  aliceOnA.send({ type: 'room-start', code });
  const aliceGame = (await aliceOnA.next('game', (f) => f.game.kind === 'race')).game;
  const bobGame = (await bobOnA.next('game', (f) => f.game.kind === 'race')).game;
  const raceId = aliceGame.raceId!;
  const half = Math.floor(WINNING.moves.length / 2);
  const acked = await aliceOnA.play(aliceGame, WINNING.moves.slice(0, half));
  await bobOnA.play(bobGame, WINNING.moves.slice(0, 1));

  // While A's lease lives, B takes nothing over, however often it looks.
  await cluster.tick(b);
  const probe = new TestClient(roomUrl(b, code), bob.cookie);
  expect(await probe.closed).toEqual({ code: 4009, reason: a.id });
  expect((await cluster.repos.races.get(raceId))?.pausedMs).toBe(0);

  // A stops renewing (paused, or dead); past the lease B takes the race over.
  const gap = cluster.leaseMs + 1000;
  await cluster.advance(gap);
  await cluster.tick(b);
  const resumed = await cluster.repos.races.get(raceId);
  expect(resumed).toMatchObject({ status: 'racing', pausedMs: gap });
  expect((await cluster.repos.games.get(aliceGame.gameId))?.pausedMs).toBe(gap);

  // Split brain: A wakes up and its host change (Alice leaves) is refused by the fence; A drops
  // the room and closes its sockets, naming B. Nothing of the leave was written.
  aliceOnA.send({ type: 'room-leave', code });
  expect(await aliceOnA.closed).toEqual({ code: 4009, reason: b.id });
  expect(await bobOnA.closed).toEqual({ code: 4009, reason: b.id });
  expect(await cluster.repos.rooms.members(code)).toEqual([alice.id, bob.id]);
  expect((await cluster.repos.rooms.get(code))?.hostId).toBe(alice.id);
  await cluster.tick(a);
  // A move of the race sent to A anyway (no room named) is not A's to judge: sent away too.
  const stray = await TestClient.connect(a.wsUrl, alice.cookie);
  stray.send({ type: 'move', gameId: aliceGame.gameId, expect: acked.seq, move: WINNING.moves[half]! });
  expect(await stray.closed).toEqual({ code: 4009, reason: '' });

  // Both come back through A, are sent to B, and finish the race there.
  const aliceBack = await connectToRoom(cluster, a, code, alice.cookie);
  expect(aliceBack.redirected).toBe(true);
  const aliceOnB = aliceBack.client;
  aliceOnB.send({ type: 'room-join', code });
  const rejoined = (await aliceOnB.next('game', (f) => f.game.gameId === aliceGame.gameId)).game;
  expect(rejoined.seq).toBe(acked.seq);
  const bobOnB = (await connectToRoom(cluster, a, code, bob.cookie)).client;
  bobOnB.send({ type: 'room-join', code });
  await bobOnB.next('room');

  const won: GameSnapshot = await aliceOnB.play(rejoined, WINNING.moves.slice(half));
  expect(won.status).toBe('won');
  bobOnB.send({ type: 'give-up', gameId: bobGame.gameId });
  await bobOnB.next('game', (f) => f.game.gameId === bobGame.gameId && f.game.status === 'gave-up');
  const over = await aliceOnB.next('race-over');
  expect(over.results.map((r) => [r.playerId, r.rank, r.won])).toEqual([
    [alice.id, 1, true],
    [bob.id, 2, false],
  ]);
  // The gap counted on no clock: the shared clock stood still but for it.
  expect(over.results[0]!.timeMs).toBe(0);

  // Ended once, every acknowledged move kept, in order, without gaps.
  const stored = await cluster.repos.races.get(raceId);
  expect(stored).toMatchObject({ status: 'finished' });
  expect(await cluster.repos.races.results(raceId)).toHaveLength(2);
  const seqs = (await cluster.repos.games.actions(aliceGame.gameId)).map((x) => x.seq);
  expect(seqs).toEqual(WINNING.moves.map((_, i) => i));
  await cluster.tick(a);
  await cluster.tick(b);
  expect((await cluster.repos.races.get(raceId))?.finishedAt).toBe(stored?.finishedAt);
  // Rated once, by the new owner, with the race's end: one rated race each, one history row each.
  expect(over.ratings?.map((c) => c.after.games)).toEqual([1, 1]);
  const ratings = await cluster.repos.ratings.of([alice.id, bob.id]);
  expect(ratings.map((r) => r.games)).toEqual([1, 1]);
  for (const id of [alice.id, bob.id]) expect(await cluster.repos.ratings.history(id, 10)).toHaveLength(1);
  await Promise.all([aliceOnB.close(), bobOnB.close()]);
}

/**
 * The old owner learns at its next renewal that its room was taken over (no write needed): it
 * drops the room and sends its players to the new owner, where the race runs on.
 */
export async function renewalLostScenario(cluster: Cluster): Promise<void> {
  const { a, b } = cluster;
  const carol = await signUp(a.url, 'Owner Carol');
  const dave = await signUp(a.url, 'Owner Dave');
  const carolOnA = await TestClient.connect(a.wsUrl, carol.cookie);
  const code = await openRoom(carolOnA);
  const daveOnA = (await connectToRoom(cluster, a, code, dave.cookie)).client;
  daveOnA.send({ type: 'room-join', code });
  await daveOnA.next('room');
  carolOnA.send({ type: 'room-start', code });
  const raceId = (await carolOnA.next('game', (f) => f.game.kind === 'race')).game.raceId!;

  // Renewed in time, A keeps the room however long the race runs.
  await cluster.advance(cluster.leaseMs - 1000);
  await cluster.tick(a);
  await cluster.advance(cluster.leaseMs - 1000);
  await cluster.tick(b);
  expect((await cluster.repos.races.get(raceId))?.pausedMs).toBe(0);

  // A misses its renewals; B takes over; A's next tick finds its epoch gone.
  await cluster.advance(cluster.leaseMs);
  await cluster.tick(b);
  await cluster.tick(a);
  expect(await carolOnA.closed).toEqual({ code: 4009, reason: b.id });
  expect(await daveOnA.closed).toEqual({ code: 4009, reason: b.id });
  expect((await cluster.repos.races.get(raceId))?.status).toBe('racing');
  const carolOnB = (await connectToRoom(cluster, a, code, carol.cookie)).client;
  carolOnB.send({ type: 'room-join', code });
  const room = (await carolOnB.next('room')).room;
  expect(room).toMatchObject({ status: 'racing', race: { raceId } });
  await carolOnB.close();
}

/**
 * A racer's page comes back while nobody owns the room (its owner stopped; no process has taken
 * the race over yet): the process the socket lands on lets it in, and the page sends its
 * `room-join` and its `game-resume` at once. The join takes the room over there; the resume
 * waits for it, instead of finding the race not live there and sending the socket away (4009)
 * to come back, be let in and send its join again.
 */
export async function rejoinBeforeTakeoverScenario(cluster: Cluster): Promise<void> {
  const { a, b } = cluster;
  const erin = await signUp(a.url, 'Owner Erin');
  const fred = await signUp(a.url, 'Owner Fred');
  const erinOnA = await TestClient.connect(a.wsUrl, erin.cookie);
  const code = await openRoom(erinOnA);
  const fredOnA = (await connectToRoom(cluster, a, code, fred.cookie)).client;
  fredOnA.send({ type: 'room-join', code });
  await fredOnA.next('room');
  erinOnA.send({ type: 'room-start', code });
  const fredGame = (await fredOnA.next('game', (f) => f.game.kind === 'race')).game;

  // A stops renewing, and nobody has looked for orphans yet.
  await cluster.advance(cluster.leaseMs + 1000);
  const fredOnB = await TestClient.connect(`${b.wsUrl}?room=${code}`, fred.cookie);
  fredOnB.send({ type: 'room-join', code });
  fredOnB.send({ type: 'game-resume', gameId: fredGame.gameId });
  const sentAway = fredOnB.closed.then((c) => {
    throw new Error(`sent away with ${c.code} "${c.reason}" instead of resumed`);
  });
  // The join's answer (the room, then the racer's game), then the resume's (the game again).
  const joined = await Promise.race([fredOnB.next('room', (f) => f.room.code === code), sentAway]);
  expect(joined.room.race?.raceId).toBe(fredGame.raceId);
  for (let answer = 0; answer < 2; answer++) {
    const game = await Promise.race([fredOnB.next('game', (f) => f.game.gameId === fredGame.gameId), sentAway]);
    expect(game.game).toMatchObject({ status: 'playing', seq: fredGame.seq });
  }
  // A learns at its next tick that B owns the room now, and sends its sockets there.
  await cluster.tick(a);
  expect(await erinOnA.closed).toEqual({ code: 4009, reason: b.id });
  await Promise.all([fredOnB.close(), fredOnA.close()]);
}
