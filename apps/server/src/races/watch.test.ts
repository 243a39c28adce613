import { afterAll, beforeAll, expect, test } from 'vitest';
import { WATCH_DELAY_MS } from '../games/delayed-boards.ts';
import { signUp, TestClient } from '../test/client.ts';
import { fixedDeals, WINNING } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { joinRoom, openRoom } from '../test/rooms.ts';

let server: RunningServer;
let clock = Date.UTC(2026, 5, 1, 12, 0, 0);
beforeAll(async () => {
  server = await startServer({ deals: fixedDeals, countdownMs: 0, now: () => clock });
});
afterAll(() => server.close());

test("watching a race: a friend who came late, then a racer who gave up, see a racer's board a few seconds behind; the racers never get a board", async () => {
  const [ann, ben, cat, dan] = await Promise.all(
    ['Watched Ann', 'Watching Ben', 'Late Cat', 'Outside Dan'].map((n) => signUp(server.url, n)),
  );
  const a = await TestClient.connect(server.wsUrl, ann!.cookie);
  const b = await TestClient.connect(server.wsUrl, ben!.cookie);
  const code = await openRoom(a);
  await joinRoom(b, code);
  a.send({ type: 'room-start', code });
  const aGame = (await a.next('game')).game;
  const bGame = (await b.next('game')).game;

  // Cat comes late: a member of the room, never a racer in this race.
  const c = await TestClient.connect(server.wsUrl, cat!.cookie);
  await joinRoom(c, code);
  await c.next('race-progress');
  const d = await TestClient.connect(server.wsUrl, dan!.cookie);

  // A racer still playing gets no board, and nobody outside the room does.
  b.send({ type: 'race-watch', code, playerId: ann!.id });
  expect(await b.next('error')).toMatchObject({ code: 'still-racing', ref: 'race-watch' });
  d.send({ type: 'race-watch', code, playerId: ann!.id });
  expect(await d.next('error')).toMatchObject({ code: 'not-in-room' });
  c.send({ type: 'race-watch', code, playerId: cat!.id });
  expect(await c.next('error')).toMatchObject({ code: 'not-racing' });

  c.send({ type: 'race-watch', code, playerId: ann!.id });
  const seen = await a.play(aGame, WINNING.moves.slice(0, 3));
  clock += 1000;
  // Once the positions are the delay old, Cat sees Ann's board as it stood then.
  clock += WATCH_DELAY_MS;
  const board = await c.next('race-board', (f) => f.seq === 3);
  expect(board).toMatchObject({ code, playerId: ann!.id, nickname: 'Watched Ann', gameId: aGame.gameId, moves: 3 });
  expect(board.view).toEqual(seen.view);
  expect(board.serverTime - board.asOf).toBeGreaterThanOrEqual(WATCH_DELAY_MS);

  // Ann plays on; Cat sees it only once the delay has passed on the server's clock.
  const later = await a.play(seen, WINNING.moves.slice(3, 5));
  const movedAt = clock;
  clock += WATCH_DELAY_MS;
  const next = await c.next('race-board', (f) => f.seq === 5);
  expect(next.view).toEqual(later.view);
  expect(next.asOf).toBe(movedAt);
  expect(next.serverTime).toBeGreaterThanOrEqual(movedAt + WATCH_DELAY_MS);

  // Ben gives up: his game is over, so now he may watch Ann too.
  b.send({ type: 'give-up', gameId: bGame.gameId });
  await b.next('game', (g) => g.game.status === 'gave-up');
  b.send({ type: 'race-watch', code, playerId: ann!.id });
  const last = await a.play(later, WINNING.moves.slice(5, 6));
  clock += WATCH_DELAY_MS;
  expect((await b.next('race-board', (f) => f.seq === 6)).view).toEqual(last.view);

  // Cat stops watching; the race ends.
  c.send({ type: 'race-watch', code, playerId: null });
  a.send({ type: 'give-up', gameId: aGame.gameId });
  await c.next('race-over');

  for (const text of a.frames) expect(JSON.parse(text).type).not.toBe('race-board');
  for (const text of [...b.frames, ...c.frames]) {
    const frame = JSON.parse(text);
    if (frame.type === 'race-board') expect(frame.serverTime - frame.asOf).toBeGreaterThanOrEqual(WATCH_DELAY_MS);
  }
  // Ben got no board before his own game was over.
  const gaveUpAt = b.frames.findIndex((t) => t.includes('"gave-up"') && t.startsWith('{"type":"game"'));
  expect(b.frames.slice(0, gaveUpAt).some((t) => t.includes('"race-board"'))).toBe(false);
  await Promise.all([a.close(), b.close(), c.close(), d.close()]);
});
