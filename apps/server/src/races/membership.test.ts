import { RoomSummary } from '@scorpion/protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TestClient } from '../test/client.ts';
import { fixedDeals, WINNING } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { getJson } from '../test/http.ts';
import { joinRoom, nicknamesOf, openRoom, players, roomWhere } from '../test/rooms.ts';
import { MAX_PLAYERS } from './hub.ts';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ deals: fixedDeals, countdownMs: 0 });
});
afterAll(() => server.close());

const membersOf = async (code: string) => (await getJson(`${server.url}/api/rooms/${code}`, RoomSummary)).body.members;

test('leaving the lobby shrinks the member list for everyone; the host hands over to someone present', async () => {
  const [ann, ben, cy, dee] = await players(server, 'Lobby Ann', 'Lobby Ben', 'Lobby Cy', 'Lobby Dee');
  const code = await openRoom(ann!.client);
  for (const p of [ben!, cy!, dee!]) await joinRoom(p.client, code);
  await roomWhere(ann!.client, (r) => r.members.length === 4);

  dee!.client.send({ type: 'room-leave', code });
  expect(nicknamesOf(await roomWhere(dee!.client, (r) => r.members.length === 3))).not.toContain('Lobby Dee');
  for (const p of [ann!, ben!, cy!]) {
    const seen = await roomWhere(p.client, (r) => r.members.length === 3);
    expect(nicknamesOf(seen)).toEqual(['Lobby Ann', 'Lobby Ben', 'Lobby Cy']);
  }
  expect(await membersOf(code)).toBe(3);

  // Ben drops (and stays a member); when Ann leaves, the room goes to Cy, who is here.
  await ben!.client.close();
  await roomWhere(ann!.client, (r) => r.members.some((m) => m.nickname === 'Lobby Ben' && !m.connected));
  ann!.client.send({ type: 'room-leave', code });
  const after = await roomWhere(cy!.client, (r) => r.members.length === 2);
  expect(after.hostId).toBe(cy!.id);
  expect(after.members.map((m) => [m.nickname, m.host, m.connected])).toEqual([
    ['Lobby Ben', false, false],
    ['Lobby Cy', true, true],
  ]);

  // Two members, one of them away: no race.
  cy!.client.send({ type: 'room-start', code });
  expect(await cy!.client.next('error', (e) => e.ref === 'room-start')).toMatchObject({
    code: 'too-few-players',
    message: 'A race needs 2 players present. One member is away.',
  });
  expect((await getJson(`${server.url}/api/rooms/${code}`, RoomSummary)).body).toMatchObject({ members: 2, races: 0 });
  for (const p of [ann!, cy!, dee!]) await p.client.close();
});

test('a race is dealt to the members present; one who is away watches it and is dealt into the rematch', async () => {
  const [ann, ben, cy] = await players(server, 'Here Ann', 'Here Ben', 'Away Cy');
  const code = await openRoom(ann!.client);
  for (const p of [ben!, cy!]) await joinRoom(p.client, code);
  await cy!.client.close();
  await roomWhere(ann!.client, (r) => r.members.some((m) => m.id === cy!.id && !m.connected));

  ann!.client.send({ type: 'room-start', code });
  const race = (await roomWhere(ann!.client, (r) => r.race !== null)).race!;
  const aGame = (await ann!.client.next('game')).game;
  const bGame = (await ben!.client.next('game')).game;
  expect([aGame.raceId, bGame.raceId]).toEqual([race.raceId, race.raceId]);

  // Cy comes back mid-race: no game for Cy, but the race to watch.
  cy!.client = await TestClient.connect(server.wsUrl, cy!.cookie);
  expect(cy!.client.welcome.games).toEqual([]);
  expect(await joinRoom(cy!.client, code)).toMatchObject({ status: 'racing', race: { raceId: race.raceId } });
  const watched = await cy!.client.next('race-progress');
  expect(watched.racers.map((r) => r.nickname).sort()).toEqual(['Here Ann', 'Here Ben']);

  await ann!.client.play(aGame, WINNING.moves);
  ben!.client.send({ type: 'give-up', gameId: bGame.gameId });
  const over = await cy!.client.next('race-over');
  expect(over.results.map((r) => [r.rank, r.nickname, r.won])).toEqual([
    [1, 'Here Ann', true],
    [2, 'Here Ben', false],
  ]);

  // The rematch deals everyone present, Cy included.
  ann!.client.send({ type: 'room-start', code });
  const rematch = (await roomWhere(cy!.client, (r) => r.race?.number === 2)).race!;
  const cGame = (await cy!.client.next('game')).game;
  expect(cGame).toMatchObject({ raceId: rematch.raceId, seq: 0, status: 'playing' });
  for (const p of [ann!, ben!, cy!]) await p.client.close();
});

test('a racer who leaves the room mid-race gives up; the race goes on and ranks them', async () => {
  const [ann, ben] = await players(server, 'Stay Ann', 'Quit Ben');
  const code = await openRoom(ann!.client);
  await joinRoom(ben!.client, code);
  ann!.client.send({ type: 'room-start', code });
  const aGame = (await ann!.client.next('game')).game;
  const bGame = (await ben!.client.next('game')).game;
  await ben!.client.play(bGame, WINNING.moves.slice(0, 2));

  ben!.client.send({ type: 'room-leave', code });
  expect(nicknamesOf(await roomWhere(ann!.client, (r) => r.members.length === 1))).toEqual(['Stay Ann']);
  const seen = await ann!.client.next('race-progress', (p) => p.racers.some((r) => r.state === 'gave-up'));
  expect(seen.racers.find((r) => r.playerId === ben!.id)).toMatchObject({ state: 'gave-up', moves: 2 });

  await ann!.client.play(aGame, WINNING.moves);
  const over = await ann!.client.next('race-over');
  expect(over.results.map((r) => [r.rank, r.nickname, r.won, r.gaveUp])).toEqual([
    [1, 'Stay Ann', true, false],
    [2, 'Quit Ben', false, true],
  ]);
  for (const p of [ann!, ben!]) await p.client.close();
});

test('a full room gives the seat of a member who is away, and not racing, to a newcomer with the link', async () => {
  const names = Array.from({ length: MAX_PLAYERS + 1 }, (_, i) => `Seat ${i + 1}`);
  const everyone = await players(server, ...names);
  const [host, second, third] = everyone;
  const newcomer = everyone[MAX_PLAYERS]!;
  const code = await openRoom(host!.client);
  for (const p of everyone.slice(1, MAX_PLAYERS)) await joinRoom(p.client, code);

  // The host and the second race (the others were away at the start, so they watch); then the
  // second and the third close their tabs.
  const watchers = everyone.slice(2, MAX_PLAYERS);
  for (const p of watchers) await p.client.close();
  host!.client.send({ type: 'room-start', code });
  await roomWhere(host!.client, (r) => r.race !== null);
  for (const p of watchers) p.client = await TestClient.connect(server.wsUrl, p.cookie);
  for (const p of watchers) await joinRoom(p.client, code);
  await second!.client.close();
  await third!.client.close();
  await roomWhere(host!.client, (r) => r.members.filter((m) => !m.connected).length === 2);

  // The newcomer takes the third member's seat: the second is away, but racing.
  const joined = await joinRoom(newcomer.client, code);
  expect(joined.members).toHaveLength(MAX_PLAYERS);
  expect(nicknamesOf(joined)).toContain('Seat 9');
  expect(nicknamesOf(joined)).toContain('Seat 2');
  expect(nicknamesOf(joined)).not.toContain('Seat 3');

  // Back, the third finds the room full of people who are here, or racing.
  third!.client = await TestClient.connect(server.wsUrl, third!.cookie);
  third!.client.send({ type: 'room-join', code });
  expect(await third!.client.next('error', (e) => e.ref === 'room-join')).toMatchObject({
    code: 'room-full',
    message: `A room holds ${MAX_PLAYERS} players, and all of them are here.`,
  });
  expect(await membersOf(code)).toBe(MAX_PLAYERS);
  for (const p of everyone) await p.client.close();
});

test('whoever joins a room everyone has left becomes its host, and can start the next race', async () => {
  const [ann, ben, cy] = await players(server, 'Gone Ann', 'Next Ben', 'Next Cy');
  const code = await openRoom(ann!.client);
  ann!.client.send({ type: 'room-leave', code });
  await ann!.client.next('room', (f) => f.room.code === code && f.room.members.length === 0);

  const joined = await joinRoom(ben!.client, code);
  expect(joined.hostId).toBe(ben!.id);
  expect(joined.members.map((m) => [m.nickname, m.host])).toEqual([['Next Ben', true]]);
  await joinRoom(cy!.client, code);
  ben!.client.send({ type: 'room-start', code });
  expect((await roomWhere(cy!.client, (r) => r.race !== null)).race?.number).toBe(1);
  for (const p of [ann!, ben!, cy!]) await p.client.close();
});

test('a member who renames shows under the new name at once, in the room and in the race', async () => {
  const [ann, ben] = await players(server, 'Name Ann', 'Name Ben');
  const code = await openRoom(ann!.client);
  await joinRoom(ben!.client, code);
  ann!.client.send({ type: 'room-start', code });
  await roomWhere(ann!.client, (r) => r.race !== null);

  const response = await fetch(`${server.url}/api/me`, {
    method: 'PATCH',
    headers: { cookie: ben!.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ nickname: 'Renamed Ben' }),
  });
  expect(response.status).toBe(200);
  const seen = await roomWhere(ann!.client, (r) => r.members.some((m) => m.nickname === 'Renamed Ben'));
  expect(nicknamesOf(seen)).toEqual(['Name Ann', 'Renamed Ben']);
  const progress = await ann!.client.next('race-progress', (p) => p.racers.some((r) => r.nickname === 'Renamed Ben'));
  expect(progress.racers.map((r) => r.nickname).sort()).toEqual(['Name Ann', 'Renamed Ben']);
  for (const p of [ann!, ben!]) await p.client.close();
});
