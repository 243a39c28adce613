import { ApiError, MY_ROOMS_MAX, MyRooms } from '@scorpion/protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fixedDeals } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { getJson } from '../test/http.ts';
import { joinRoom, openRoom, players, roomWhere } from '../test/rooms.ts';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ deals: fixedDeals, countdownMs: 0 });
});
afterAll(() => server.close());

test("a player's rooms: the latest joined first, gone once left, and only for a player", async () => {
  const [ann, ben] = await players(server, 'Rooms Ann', 'Rooms Ben');
  const older = await openRoom(ann!.client);
  const newer = await openRoom(ben!.client, 5);
  await joinRoom(ann!.client, newer);
  await joinRoom(ben!.client, older);

  const mine = await getJson(`${server.url}/api/me/rooms`, MyRooms, ann!.cookie);
  expect(mine.status).toBe(200);
  expect(mine.body.rooms.map((r) => [r.code, r.host.nickname, r.members, r.timeLimit])).toEqual([
    [newer, 'Rooms Ben', 2, 5],
    [older, 'Rooms Ann', 2, 0],
  ]);

  ann!.client.send({ type: 'room-leave', code: newer });
  await roomWhere(ben!.client, (r) => r.code === newer && r.members.length === 1);
  expect((await getJson(`${server.url}/api/me/rooms`, MyRooms, ann!.cookie)).body.rooms.map((r) => r.code)).toEqual([
    older,
  ]);

  const anonymous = await getJson(`${server.url}/api/me/rooms`, ApiError);
  expect(anonymous).toMatchObject({ status: 401, body: { error: 'unauthorized' } });
  for (const p of [ann!, ben!]) await p.client.close();
});

test('the list stops at the latest rooms', async () => {
  const [host] = await players(server, 'Many Rooms');
  const codes = [];
  for (let i = 0; i < MY_ROOMS_MAX + 2; i++) codes.push(await openRoom(host!.client));
  const { body } = await getJson(`${server.url}/api/me/rooms`, MyRooms, host!.cookie);
  expect(body.rooms.map((r) => r.code)).toEqual(codes.reverse().slice(0, MY_ROOMS_MAX));
  await host!.client.close();
});
