import { ServerMessage } from '@scorpion/protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TestClient } from '../test/client.ts';
import { fixedDeals, WINNING } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { joinRoom, openRoom, players } from '../test/rooms.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ deals: fixedDeals, countdownMs: 0 });
});
afterAll(() => server.close());

/** The `game` frames a socket was sent so far, by `seq`. */
const gameFramesOf = (client: TestClient) =>
  client.frames
    .map((text) => ServerMessage.parse(JSON.parse(text)))
    .flatMap((frame) => (frame.type === 'game' ? [frame.game.seq] : []));

test("a racer's second tab follows what the first one plays: the board as it stands and everyone's progress", async () => {
  const [ann, ben] = await players(server, 'Two-Tab Ann', 'One-Tab Ben');
  const code = await openRoom(ann!.client);
  await joinRoom(ben!.client, code);
  const second = await TestClient.connect(server.wsUrl, ann!.cookie);
  await joinRoom(second, code);
  ann!.client.send({ type: 'room-start', code });
  const game = (await ann!.client.next('game')).game;
  expect((await second.next('game')).game.gameId).toBe(game.gameId);

  const played = await ann!.client.play(game, WINNING.moves.slice(0, 3));
  const followed = (await second.next('game', (g) => g.game.seq === 3)).game;
  // The board the first tab worked out from its acks: what the player sees, never a hidden card.
  expect(followed.view).toEqual(played.view);
  expect(followed).toMatchObject({ seed: null, record: null, moves: 3 });
  // The race sends Ann no frame (her acks carried everyone's progress): the second tab hears it anyway.
  await second.next('race-progress', (p) => p.racers.some((r) => r.playerId === ann!.id && r.moves === 3));

  // The second tab is current, so its move is taken, and the first follows it in turn.
  const fromSecond = await second.play(followed, WINNING.moves.slice(3, 4));
  expect((await ann!.client.next('game', (g) => g.game.seq === 4)).game.view).toEqual(fromSecond.view);
  // A tab is not sent its own moves back: the first tab had only its deal and the second tab's move.
  expect(gameFramesOf(ann!.client)).toEqual([0, 4]);

  ann!.client.send({ type: 'give-up', gameId: game.gameId });
  expect((await second.next('game', (g) => g.game.status !== 'playing')).game.status).toBe('gave-up');
  for (const client of [ann!.client, ben!.client, second]) await client.close();
});
