import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { signUp, TestClient } from '../test/client.ts';
import { type RunningServer, startServer } from '../test/helper.ts';

/*
 * `tab-visibility` on the real server: a ranked game's own player reports its tab, timed by the
 * server's clock and kept with the game; anything else is refused in words and stores nothing.
 */
let server: RunningServer;
let clock = Date.parse('2026-06-02T08:00:00Z');

beforeAll(async () => {
  server = await startServer({ now: () => clock });
});
afterAll(() => server?.close());

const refusalOf = async (client: TestClient, gameId: string, hidden: unknown = true) => {
  client.send({ type: 'tab-visibility', gameId, hidden });
  return client.next('error');
};

test("the player's ranked game keeps its tab's changes on the server's clock; any other is refused", async () => {
  const ann = await signUp(server.url, 'Ann Tab');
  const bob = await signUp(server.url, 'Bob Tab');
  const mine = await TestClient.connect(server.wsUrl, ann.cookie);
  const theirs = await TestClient.connect(server.wsUrl, bob.cookie);
  mine.send({ type: 'daily-join' });
  const daily = (await mine.next('game')).game;
  const stored = () => server.app.repos.evidence.tabVisibilityOf(daily.gameId);

  mine.send({ type: 'tab-visibility', gameId: daily.gameId, hidden: true });
  await vi.waitFor(async () => expect(await stored()).toHaveLength(1));
  clock += 7_000;
  mine.send({ type: 'tab-visibility', gameId: daily.gameId, hidden: false });
  await vi.waitFor(async () => expect(await stored()).toHaveLength(2));
  const [hidden, shown] = await stored();
  expect(hidden).toEqual({ at: shown!.at - 7_000, hidden: true });
  expect(shown!.hidden).toBe(false);

  expect(await refusalOf(theirs, daily.gameId)).toMatchObject({ code: 'not-your-game', ref: 'tab-visibility' });
  expect(await refusalOf(mine, 'no-such-game-id')).toMatchObject({ code: 'no-such-game' });
  expect((await refusalOf(mine, daily.gameId, 'yes')).code).toBe('bad-message');
  // An unranked game's tab is nobody's business.
  mine.send({ type: 'practice-start', variant: 'scorpion', options: { foundations: false, open: false } });
  const practice = (await mine.next('game')).game;
  expect(await refusalOf(mine, practice.gameId)).toMatchObject({ code: 'no-such-game' });
  // Over: the game's time is over too.
  mine.send({ type: 'give-up', gameId: daily.gameId });
  await mine.next('game', (f) => f.game.gameId === daily.gameId);
  expect(await refusalOf(mine, daily.gameId)).toMatchObject({ code: 'game-over' });
  expect(await stored()).toHaveLength(2);
  mine.socket.close();
  theirs.socket.close();
});
