import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUp, TestClient } from '../test/client.ts';
import { fixedDeals, WINNING } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { joinRoom, openRoom } from '../test/rooms.ts';

let server: RunningServer;
let offset = 0;
beforeAll(async () => {
  server = await startServer({ deals: fixedDeals, countdownMs: 0, now: () => Date.now() + offset });
});
afterAll(() => server.close());

test('when the time limit runs out the race ends for everyone, ranked by progress', async () => {
  const ann = await signUp(server.url, 'Timed Ann');
  const ben = await signUp(server.url, 'Timed Ben');
  const a = await TestClient.connect(server.wsUrl, ann.cookie);
  const b = await TestClient.connect(server.wsUrl, ben.cookie);
  const code = await openRoom(a, 5);
  await joinRoom(b, code);
  a.send({ type: 'room-start', code });
  const aGame = (await a.next('game')).game;
  const bGame = (await b.next('game')).game;
  const aAfter = await a.play(aGame, WINNING.moves.slice(0, 20));
  await b.play(bGame, WINNING.moves.slice(0, 2));

  offset += 5 * 60_000;
  expect(
    await a.act({ type: 'move', gameId: aGame.gameId, expect: aAfter.seq, move: WINNING.moves[20]! }),
  ).toMatchObject({
    code: 'game-over',
    game: { status: 'timed-out' },
  });
  const over = await b.next('race-over');
  expect(over.results.map((r) => [r.rank, r.nickname, r.won, r.gaveUp])).toEqual([
    [1, 'Timed Ann', false, false],
    [2, 'Timed Ben', false, false],
  ]);
  expect(over.results[0]!.progress).toBeGreaterThanOrEqual(over.results[1]!.progress);
  await a.close();
  await b.close();
});
