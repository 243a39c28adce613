import type { RaceBoard } from '@scorpion/protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { WATCH_DELAY_MS } from '../games/delayed-boards.ts';
import { signUp, TestClient } from '../test/client.ts';
import { FIXED_SEED, fixedDeals, WINNING } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { joinRoom, openRoom } from '../test/rooms.ts';

/*
 * A visitor (no cookie, no name) watches a racer's board as a member who is not racing does:
 * the same `race-board` frames, built by the same code, as late as the members' and never with
 * a card that is face down in that racer's game.
 */
let server: RunningServer;
let clock = Date.UTC(2026, 5, 1, 12, 0, 0);
beforeAll(async () => {
  server = await startServer({ deals: fixedDeals, countdownMs: 0, now: () => clock });
});
afterAll(() => server.close());

/** Every card of a column above its face-down count is unnamed, and no other card is. */
function hidesFaceDown(board: RaceBoard): void {
  const { columns, hidden } = board.view;
  columns.forEach((column, i) => {
    expect(column.slice(0, hidden[i]).every((card) => card === null)).toBe(true);
    expect(column.slice(hidden[i]).every((card) => card !== null)).toBe(true);
  });
}

test("a visitor watches a racer's board a few seconds behind, as a member does: the same frames, no sooner, no hidden card", async () => {
  const [ann, ben, cat] = await Promise.all(
    ['Watched Ann', 'Racing Ben', 'Member Cat'].map((n) => signUp(server.url, n)),
  );
  const a = await TestClient.connect(server.wsUrl, ann!.cookie);
  const b = await TestClient.connect(server.wsUrl, ben!.cookie);
  const code = await openRoom(a);
  await joinRoom(b, code);
  a.send({ type: 'room-start', code });
  const aGame = (await a.next('game')).game;
  const bGame = (await b.next('game')).game;
  // Cat comes late: a member who is not racing, who watches Ann beside the visitor.
  const c = await TestClient.connect(server.wsUrl, cat!.cookie);
  await joinRoom(c, code);

  const v = new TestClient(`${server.wsUrl}?room=${code}&watch=1`, undefined);
  await v.next('watching');
  const watchedAt = clock;
  v.send({ type: 'race-watch', code, playerId: ann!.id });
  c.send({ type: 'race-watch', code, playerId: ann!.id });
  // Refused as a member's would be, after the watches above (each socket's take turns), which they leave be.
  v.send({ type: 'race-watch', code, playerId: 'nobody', rid: 'w0' });
  expect(await v.next('error', (f) => f.rid === 'w0')).toMatchObject({ code: 'not-racing', ref: 'race-watch' });
  c.send({ type: 'race-watch', code, playerId: 'nobody', rid: 'c0' });
  expect(await c.next('error', (f) => f.rid === 'c0')).toMatchObject({ code: 'not-racing', ref: 'race-watch' });
  // Of its own room only.
  v.send({ type: 'race-watch', code: 'ZZZZZZ', playerId: ann!.id, rid: 'w1' });
  expect(await v.next('error', (f) => f.rid === 'w1')).toMatchObject({ code: 'watch-only' });
  // The position as both asked: shown once it is the delay old.
  clock += WATCH_DELAY_MS;
  const first = await v.next('race-board', (f) => f.seq === 0);
  expect(first).toMatchObject({ code, playerId: ann!.id, nickname: 'Watched Ann', gameId: aGame.gameId });
  expect(first.asOf).toBeGreaterThanOrEqual(watchedAt);
  hidesFaceDown(first);

  const seen = await a.play(aGame, WINNING.moves.slice(0, 3));
  const movedAt = clock;
  clock += WATCH_DELAY_MS;
  const board = await v.next('race-board', (f) => f.seq === 3);
  // What Ann's own page showed then, face-down cards and all: nothing she could not see.
  expect(board.view).toEqual(seen.view);
  expect(board).toMatchObject({ moves: 3, faceDown: seen.faceDown, asOf: movedAt });
  expect(board.serverTime).toBeGreaterThanOrEqual(movedAt + WATCH_DELAY_MS);
  hidesFaceDown(board);
  // The member watching beside them got that very board, at that very moment of the race.
  const members = await c.next('race-board', (f) => f.seq === 3);
  expect({ ...board, serverTime: 0 }).toEqual({ ...members, serverTime: 0 });

  // Stopping stops the boards; the race ends (and only then is its seed out).
  v.send({ type: 'race-watch', code, playerId: null });
  a.send({ type: 'give-up', gameId: aGame.gameId });
  b.send({ type: 'give-up', gameId: bGame.gameId });
  await v.next('race-over');

  const boards = v.frames.map((t) => JSON.parse(t)).filter((f): f is RaceBoard => f.type === 'race-board');
  expect(boards.map((f) => f.seq)).toEqual([0, 3]);
  for (const f of boards) {
    expect(f.serverTime - f.asOf).toBeGreaterThanOrEqual(WATCH_DELAY_MS);
    hidesFaceDown(f);
  }
  const overAt = v.frames.findIndex((t) => t.includes('"race-over"'));
  for (const text of v.frames.slice(0, overAt)) expect(text).not.toContain(FIXED_SEED);
  await Promise.all([a.close(), b.close(), c.close(), v.close()]);
});
