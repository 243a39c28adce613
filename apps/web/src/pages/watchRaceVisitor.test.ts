import { PROTOCOL_VERSION, WATCH_REFUSED } from '@scorpion/protocol';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { Connection } from '../net/connection.svelte.ts';
import { errorFrame, FakeSocket, roomState, settle, socket, stubBrowser } from '../net/fakeSocket.ts';
import { VisitorWatch } from './watchRaceVisitor.svelte.ts';

const CODE = 'ABC234';
const racer = (playerId: string, moves: number) => ({
  playerId,
  nickname: playerId === 'p1' ? 'Ada' : 'Bob',
  progress: moves,
  faceDown: 10,
  moves,
  state: 'playing',
  timeMs: null,
  connected: true,
});
const race = { raceId: 'r1', number: 1, startsAt: 0, endsAt: null, solvedAt: null };

let watch: VisitorWatch;
beforeEach(() => {
  stubBrowser(`/r/${CODE}`);
  watch = new VisitorWatch(new Connection({ watch: true }), () => CODE);
});
afterEach(() => {
  watch.dispose();
  vi.unstubAllGlobals();
});

const greet = (patch: Record<string, unknown> = {}) => {
  socket().readyState = FakeSocket.OPEN;
  socket().deliver({ type: 'watching', protocol: PROTOCOL_VERSION, serverTime: 0, room: roomState(CODE, patch) });
};

test("greeted with the room, the visitor sees the race's standings move and its results, and sends nothing", () => {
  expect(watch.connecting).toBe(true);
  greet();
  expect(watch.room?.status).toBe('lobby');
  socket().deliver({ type: 'room', room: roomState(CODE, { status: 'racing', race }) });
  expect(watch.racing).toBe(true);
  socket().deliver({ type: 'race-progress', code: CODE, raceId: 'r1', racers: [racer('p1', 0), racer('p2', 0)] });
  socket().deliver({ type: 'race-progress', code: 'DEF567', raceId: 'r9', racers: [racer('p1', 9)] });
  socket().deliver({ type: 'race-progress', code: CODE, raceId: 'r1', racers: [racer('p1', 3), racer('p2', 1)] });
  expect(watch.racers.map((r) => r.moves)).toEqual([3, 1]);
  const results = [
    {
      rank: 1,
      playerId: 'p1',
      nickname: 'Ada',
      won: false,
      gaveUp: true,
      timeMs: 900,
      progress: 3,
      faceDown: 10,
      moves: 3,
      gameId: 'g1',
    },
  ];
  socket().deliver({
    type: 'race-over',
    code: CODE,
    raceId: 'r1',
    seed: 'ab'.repeat(16),
    results,
    ratings: null,
    endedBy: null,
  });
  socket().deliver({ type: 'room', room: roomState(CODE, { status: 'finished', lastResults: results }) });
  expect(watch.racing).toBe(false);
  expect(watch.racers).toEqual([]);
  expect(watch.results?.map((r) => r.nickname)).toEqual(['Ada']);
  expect(socket().sent).toEqual([]);
});

test('too many watchers from the network: said, and the socket is not opened again', async () => {
  socket().deliver(errorFrame(undefined, 'too-many-watchers', 'watch'));
  socket().onclose?.({ code: WATCH_REFUSED, reason: 'too-many-watchers' });
  await settle();
  await vi.waitFor(() => expect(watch.failure).not.toBe(''));
  expect(watch.connecting).toBe(false);
  expect(FakeSocket.opened).toHaveLength(1);
});
