import type { GameSnapshot, RaceResult } from '@scorpion/protocol';
import { expect } from 'vitest';
import type { TestClient } from '../../test/client.ts';
import { WINNING } from '../../test/deals.ts';
import { REACH_OWNER_MS, type RealCluster, type RoomSocket } from '../../test/real-cluster.ts';
import { openRoom } from '../../test/rooms.ts';

/* The steps of the cluster's proofs (`proof.test.ts`): rooms made on a chosen process, races started, played and rejoined. */

/** What two runs of the same moves must agree on: all but the players' ids and the clocks. */
export const outcome = (results: readonly RaceResult[]) =>
  results.map(({ rank, nickname, won, gaveUp, progress, faceDown, moves }) => ({
    rank,
    nickname,
    won,
    gaveUp,
    progress,
    faceDown,
    moves,
  }));

/** A lobby socket forced onto `node` (no room named) that creates a room: `node` owns it. */
export async function createRoomOn(cluster: RealCluster, node: string, cookie: string): Promise<string> {
  const lobby = cluster.socket(`node=${node}`, cookie);
  await lobby.client.next('welcome');
  expect(await lobby.node).toBe(node);
  const code = await openRoom(lobby.client);
  await lobby.client.close();
  return code;
}

/** Both join on their room sockets; the first starts the race; each gets its race game once it runs. */
export async function startRace(
  code: string,
  first: TestClient,
  second: TestClient,
): Promise<[GameSnapshot, GameSnapshot]> {
  first.send({ type: 'room-join', code });
  await first.next('room');
  second.send({ type: 'room-join', code });
  await second.next('room', (f) => f.room.members.length === 2);
  first.send({ type: 'room-start', code });
  const games = await Promise.all(
    [first, second].map((c) => c.next('game', (f) => f.game.kind === 'race').then((f) => f.game)),
  );
  await first.next('room', (f) => f.room.status === 'racing');
  return games as [GameSnapshot, GameSnapshot];
}

/** Back on the room after its owner went: a socket to whoever owns it now, joined, the game as stored. */
export async function rejoin(
  cluster: RealCluster,
  code: string,
  cookie: string,
  gameId: string,
): Promise<RoomSocket & { game: GameSnapshot }> {
  const socket = await cluster.roomSocket(code, cookie);
  socket.client.send({ type: 'room-join', code });
  // Just after a takeover the new owner loads the race and its games before it answers: as long
  // as reaching it may take, not a frame's usual 5 s (the failover proof once ran out of those in
  // a CI run beside other tests, and passed alone and in the next run).
  const game = (await socket.client.next('game', (f) => f.game.gameId === gameId, REACH_OWNER_MS)).game;
  return { ...socket, game };
}

interface ActionRow {
  seq: number;
  action: string;
}

export const actionsOf = (cluster: RealCluster, gameId: string) =>
  cluster.sql<ActionRow>('SELECT seq, action FROM actions WHERE game_id = $1 ORDER BY seq', [gameId]);

/** Alice plays the first 30 moves of the winning line, Bob 10; Bob gives up, then Alice. */
export const ALICE_MOVES = WINNING.moves.slice(0, 30);
const BOB_MOVES = WINNING.moves.slice(0, 10);

export async function playTheRace(alice: TestClient, aliceGame: GameSnapshot, bob: TestClient, bobGame: GameSnapshot) {
  await alice.play(aliceGame, ALICE_MOVES);
  await bob.play(bobGame, BOB_MOVES);
  bob.send({ type: 'give-up', gameId: bobGame.gameId });
  await bob.next('game', (f) => f.game.gameId === bobGame.gameId && f.game.status === 'gave-up');
  alice.send({ type: 'give-up', gameId: aliceGame.gameId });
}

interface RaceRow {
  status: string;
  paused_ms: number;
  finished_at: number | null;
}

export const raceRow = async (cluster: RealCluster, raceId: string) =>
  (
    await cluster.sql<RaceRow>('SELECT status, paused_ms::int, finished_at::float8 FROM races WHERE id = $1', [raceId])
  )[0]!;

/** Each game's stored moves: their seqs from 0 without a gap or a repeat, and what was sent, in order. */
export async function expectStoredOnce(cluster: RealCluster, gameId: string, moves: readonly unknown[]): Promise<void> {
  const rows = await actionsOf(cluster, gameId);
  expect(rows.map((r) => r.seq)).toEqual(moves.map((_, i) => i));
  expect(rows.map((r) => JSON.parse(r.action))).toEqual(moves);
}
