import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUp, TestClient } from '../test/client.ts';
import { fixedDeals, WINNING } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ deals: fixedDeals });
});
afterAll(() => server.close());

test('a move number stored behind the game in memory (another process, in cluster mode) is answered stale with the stored game', async () => {
  const alice = await signUp(server.url, 'Alice');
  const a = await TestClient.connect(server.wsUrl, alice.cookie);
  a.send({ type: 'daily-join' });
  const game = await a.play((await a.next('game')).game, WINNING.moves.slice(0, 2));

  await server.app.repos.games.append(game.gameId, { seq: 2, at: Date.now(), action: WINNING.moves[2]! });
  const reply = await a.act({ type: 'move', gameId: game.gameId, expect: 2, move: WINNING.moves[2]! });
  expect(reply).toMatchObject({ type: 'error', code: 'stale', game: { seq: 3 } });
  if (reply.type !== 'error' || !reply.game) throw new Error('no fresh snapshot with the stale answer');
  // Play goes on from the stored game.
  expect(await a.play(reply.game, [WINNING.moves[3]!])).toMatchObject({ seq: 4, status: 'playing' });
  a.socket.close();
});
