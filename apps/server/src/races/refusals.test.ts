import { RoomSummary } from '@scorpion/protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fixedDeals, WINNING } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { getJson } from '../test/http.ts';
import { joinRoom, openRoom, players, roomWhere } from '../test/rooms.ts';
import { MAX_PLAYERS } from './hub.ts';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ deals: fixedDeals, countdownMs: 0 });
});
afterAll(() => server.close());

const summary = async (code: string) => (await getJson(`${server.url}/api/rooms/${code}`, RoomSummary)).body;

test('every refused room request gets its typed error and changes nothing', async () => {
  const names = Array.from({ length: MAX_PLAYERS + 1 }, (_, i) => `Full ${i + 1}`);
  const everyone = await players(server, ...names);
  const [host, second] = everyone;
  const ninth = everyone[MAX_PLAYERS]!;
  const code = await openRoom(host!.client);
  for (const p of everyone.slice(1, MAX_PLAYERS)) await joinRoom(p.client, code);
  await roomWhere(host!.client, (r) => r.members.length === MAX_PLAYERS);
  const before = await summary(code);

  // room-full: the ninth is turned away.
  ninth.client.send({ type: 'room-join', code });
  expect(await ninth.client.next('error', (e) => e.ref === 'room-join')).toMatchObject({ code: 'room-full' });
  expect(await summary(code)).toEqual(before);

  // not-in-room: leaving a room one is not in.
  ninth.client.send({ type: 'room-leave', code });
  expect(await ninth.client.next('error', (e) => e.ref === 'room-leave')).toMatchObject({ code: 'not-in-room' });
  expect(await summary(code)).toEqual(before);

  // no-such-room: a code nobody made.
  ninth.client.send({ type: 'room-join', code: 'ZZZZZZ' });
  expect(await ninth.client.next('error', (e) => e.ref === 'room-join')).toMatchObject({ code: 'no-such-room' });

  host!.client.send({ type: 'room-start', code });
  const race = (await roomWhere(host!.client, (r) => r.race !== null)).race!;
  const game = (await second!.client.next('game')).game;

  // race-running: a second start while the race runs.
  host!.client.send({ type: 'room-start', code });
  expect(await host!.client.next('error', (e) => e.ref === 'room-start')).toMatchObject({ code: 'race-running' });
  expect(await summary(code)).toMatchObject({ members: MAX_PLAYERS, races: 1 });
  const askedAt = Date.now();
  second!.client.send({ type: 'room-join', code });
  expect((await roomWhere(second!.client, (r) => r.serverTime >= askedAt)).race).toEqual(race);

  // nothing-to-redo: the game stays at 0, and the first move is still move 0.
  expect(await second!.client.act({ type: 'redo', gameId: game.gameId, expect: 0 })).toMatchObject({
    type: 'error',
    code: 'nothing-to-redo',
  });
  expect(
    await second!.client.act({ type: 'move', gameId: game.gameId, expect: 0, move: WINNING.moves[0]! }),
  ).toMatchObject({ type: 'ack', seq: 1 });

  for (const p of everyone) await p.client.close();
});
