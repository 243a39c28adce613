import { DailyBoard } from '@scorpion/protocol';
import { expect, test } from 'vitest';
import { signUp, TestClient } from '../../test/client.ts';
import { fixedDeals, WINNING } from '../../test/deals.ts';
import { startServer } from '../../test/helper.ts';
import { getJson } from '../../test/http.ts';
import { playOn } from '../../test/play.ts';
import { testPostgres } from '../../test/postgres.ts';

const postgres = testPostgres('pg-server');
let clock = Date.UTC(2026, 5, 1, 12, 0, 0);

/** The real server on the one PostgreSQL database; every deal is the known winning deal. */
const start = () => startServer({ databaseUrl: postgres.url, deals: fixedDeals, now: () => clock });

test('on PostgreSQL: a daily played to a win over the socket across a restart, a move stored elsewhere answered stale, the board shows it', async () => {
  let server = await start();
  const alice = await signUp(server.url, 'Alice');
  const bob = await signUp(server.url, 'Bob');
  let a = await TestClient.connect(server.wsUrl, alice.cookie);
  const b = await TestClient.connect(server.wsUrl, bob.cookie);

  a.send({ type: 'daily-join' });
  let game = (await a.next('game')).game;
  const half = Math.floor(WINNING.moves.length / 2);
  for (const move of WINNING.moves.slice(0, half)) {
    clock += 1000;
    game = await a.play(game, [move]);
  }

  // Bob plays on the same deal and gives up.
  b.send({ type: 'daily-join' });
  const bobGame = await playOn(b, (await b.next('game')).game, 5);
  b.send({ type: 'give-up', gameId: bobGame.gameId });
  await b.next('game', (g) => g.game.status === 'gave-up');
  b.socket.close();

  // A restart on the same database: the game resumes where the last ack left it.
  a.socket.close();
  await server.close();
  server = await start();
  a = await TestClient.connect(server.wsUrl, alice.cookie);
  expect(a.welcome.games).toContainEqual({ gameId: game.gameId, kind: 'daily', roomCode: null });
  a.send({ type: 'game-resume', gameId: game.gameId });
  const resumed = (await a.next('game')).game;
  expect(resumed).toMatchObject({ seq: half, view: game.view, status: 'playing' });

  // Another process stores Alice's next move first (as a second tab on another server would):
  // her own try at that move number is answered stale with the game as stored, not internal.
  const taken = { seq: half, at: clock, action: WINNING.moves[half]! };
  await server.app.repos.games.append(game.gameId, taken);
  const reply = await a.act({ type: 'move', gameId: game.gameId, expect: half, move: WINNING.moves[half]! });
  expect(reply).toMatchObject({ type: 'error', code: 'stale', game: { seq: half + 1 } });
  if (reply.type !== 'error' || !reply.game) throw new Error('no fresh snapshot with the stale answer');

  game = reply.game;
  for (const move of WINNING.moves.slice(half + 1)) {
    clock += 1000;
    game = await a.play(game, [move]);
  }
  expect(game).toMatchObject({ status: 'won', moves: WINNING.moves.length });

  const board = await getJson(`${server.url}/api/leaderboards/daily`, DailyBoard, alice.cookie);
  expect(board.body).toMatchObject({ date: '2026-06-01', played: 2, won: 1 });
  expect(board.body.rows.map((r) => [r.rank, r.nickname, r.won])).toEqual([
    [1, 'Alice', true],
    [2, 'Bob', false],
  ]);
  expect(board.body.me).toMatchObject({ rank: 1, playerId: alice.id });
  expect((await server.app.repos.ready()).ok).toBe(true);
  a.socket.close();
  await server.close();
}, 60_000);
