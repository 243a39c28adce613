import { ChallengeInfo, type GameSnapshot } from '@scorpion/protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { secretDeals } from '../deals/source.ts';
import { signUp, TestClient } from '../test/client.ts';
import { type RunningServer, startServer, TEST_SECRET } from '../test/helper.ts';
import { checkFrames, publicStates } from '../test/no-leak.ts';
import { joinRoom, openRoom } from '../test/rooms.ts';
import { resumed, wander } from '../test/wander.ts';

/*
 * No frame a player is sent names a card before it is face up in the game it shows, nor the deck
 * or the seed, in every kind of game: each walk is judged once its games are public
 * (`test/no-leak.ts`).
 */

let server: RunningServer;
let offset = 0;
beforeAll(async () => {
  // Production's own deals, random and secret: the test only learns them once they are public.
  // Nothing here needs a particular deal: a position without a legal move gets an illegal one.
  server = await startServer({ deals: secretDeals(TEST_SECRET), now: () => Date.now() + offset, countdownMs: 50 });
});
afterAll(() => server.close());

/**
 * Once `gameIds` are all public (a day later), checks `frames` (sent while they were not): no seed
 * of theirs, and no card but those their player could see at the position each frame speaks of.
 */
async function expectNoLeak(frames: readonly string[], gameIds: readonly string[]): Promise<void> {
  offset += 86_400_000;
  const { states, seeds } = await publicStates(server.url, gameIds);
  checkFrames(frames, states, seeds);
}

test('no frame carries a face-down card, a stock card, the deck or the seed before the game is public', async () => {
  const alice = await signUp(server.url, 'Leak Alice');
  const bob = await signUp(server.url, 'Leak Bob');
  const a = await TestClient.connect(server.wsUrl, alice.cookie);
  const b = await TestClient.connect(server.wsUrl, bob.cookie);

  a.send({ type: 'daily-join' });
  const daily = await wander(a, (await a.next('game')).game, 40);

  const code = await openRoom(a);
  await joinRoom(b, code);
  a.send({ type: 'room-start', code });
  const aRace = (await a.next('game', (g) => g.game.kind === 'race')).game;
  const bRace = (await b.next('game', (g) => g.game.kind === 'race')).game;
  await a.next('room', (r) => r.room.status === 'racing');
  await Promise.all([wander(a, aRace, 30), wander(b, bRace, 30)]);
  const cutA = a.frames.length;
  const cutB = b.frames.length;
  a.send({ type: 'give-up', gameId: aRace.gameId });
  b.send({ type: 'give-up', gameId: bRace.gameId });
  await a.next('race-over');
  await b.next('race-over');

  const checked = [...a.frames.slice(0, cutA), ...b.frames.slice(0, cutB)];
  expect(checked.length).toBeGreaterThan(60);
  await expectNoLeak(checked, [daily.gameId, aRace.gameId, bRace.gameId]);
  await a.close();
  await b.close();
});

test('a rated best-of-3 series sends no card of any of its games before that game is over', async () => {
  const cleo = await signUp(server.url, 'Leak Cleo');
  const dan = await signUp(server.url, 'Leak Dan');
  const c = await TestClient.connect(server.wsUrl, cleo.cookie);
  const d = await TestClient.connect(server.wsUrl, dan.cookie);
  const code = await openRoom(c, 0, { rated: true, bestOf: 3 });
  await joinRoom(d, code);

  // Each game's frames, from its deal until its racers give up; the next game is dealt only once
  // the last one's public frames (race-over, the final snapshots) have all arrived.
  const checked: string[] = [];
  const gameIds: string[] = [];
  for (let n = 1; n <= 2; n++) {
    const [fromC, fromD] = [c.frames.length, d.frames.length];
    c.send({ type: 'room-start', code });
    const cRace = (await c.next('game', (g) => g.game.kind === 'race' && g.game.seq === 0)).game;
    const dRace = (await d.next('game', (g) => g.game.kind === 'race' && g.game.seq === 0)).game;
    await c.next('room', (r) => r.room.status === 'racing' && r.room.race?.number === n);
    await Promise.all([wander(c, cRace, 20), wander(d, dRace, 20)]);
    checked.push(...c.frames.slice(fromC), ...d.frames.slice(fromD));
    const racers = [
      [c, cRace],
      [d, dRace],
    ] as const;
    for (const [client, game] of racers) client.send({ type: 'give-up', gameId: game.gameId });
    for (const [client, game] of racers) {
      await client.next('race-over', (o) => o.raceId === cRace.raceId);
      await client.next('game', (g) => g.game.gameId === game.gameId && g.game.record !== null);
    }
    const series = (await d.next('room', (r) => r.room.series?.games === n)).room.series;
    expect(series).toMatchObject({ bestOf: 3, target: 2 });
    gameIds.push(cRace.gameId, dRace.gameId);
  }
  expect(checked.length).toBeGreaterThan(40);
  await expectNoLeak(checked, gameIds);
  await c.close();
  await d.close();
});

test("a server-dealt practice game's frames, a challenger's and a watcher's carry no card before it is face up in the game they show; racers get no board", async () => {
  const [ann, ben, dora, eve, fay] = await Promise.all(
    ['Leak Ann', 'Leak Ben', 'Leak Dora', 'Leak Eve', 'Leak Fay'].map((n) => signUp(server.url, n)),
  );
  const a = await TestClient.connect(server.wsUrl, ann!.cookie);
  const b = await TestClient.connect(server.wsUrl, ben!.cookie);

  // Ann's practice game, dealt by the server (as the web's Practice deals one): none of its cards
  // before they turn over, nor its seed, until she gives up. Then Ben plays its challenge link.
  a.send({ type: 'practice-start', variant: 'scorpion', options: { foundations: false, open: false } });
  const practice = await wander(a, (await a.next('game')).game, 25);
  const cutA = a.frames.length;
  a.send({ type: 'give-up', gameId: practice.gameId });
  await a.next('game', (g) => g.game.status === 'gave-up');
  const shared = await fetch(`${server.url}/api/challenges`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: ann!.cookie },
    body: JSON.stringify({ gameId: practice.gameId }),
  });
  const { code: challenge } = ChallengeInfo.parse(await shared.json());
  b.send({ type: 'challenge-start', code: challenge });
  const bGame = (await b.next('game')).game;
  await wander(b, bGame, 20);
  offset += 30_000;
  await wander(b, (await resumed(b, bGame.gameId)).game, 20);
  const cutB = b.frames.length;
  b.send({ type: 'give-up', gameId: bGame.gameId });
  await b.next('game', (g) => g.game.status === 'gave-up');

  // Dora and Eve race; Fay came late and watches Dora, Eve watches Dora once she has given up.
  const d = await TestClient.connect(server.wsUrl, dora!.cookie);
  const e = await TestClient.connect(server.wsUrl, eve!.cookie);
  const f = await TestClient.connect(server.wsUrl, fay!.cookie);
  const room = await openRoom(d);
  await joinRoom(e, room);
  d.send({ type: 'room-start', code: room });
  const dRace = (await d.next('game', (g) => g.game.kind === 'race')).game;
  const eRace = (await e.next('game', (g) => g.game.kind === 'race')).game;
  await d.next('room', (r) => r.room.status === 'racing');
  await joinRoom(f, room);
  f.send({ type: 'race-watch', code: room, playerId: dora!.id });
  let dNow = await wander(d, dRace, 15);
  await wander(e, eRace, 10);
  offset += 6000;
  await f.next('race-board');
  e.send({ type: 'give-up', gameId: eRace.gameId });
  await e.next('game', (g) => g.game.status === 'gave-up');
  e.send({ type: 'race-watch', code: room, playerId: dora!.id });
  dNow = await wander(d, dNow, 15);
  offset += 6000;
  await e.next('race-board');
  await f.next('race-board', (frame) => frame.seq === dNow.seq);
  const cutD = d.frames.length;
  d.send({ type: 'give-up', gameId: dRace.gameId });
  await d.next('race-over');

  for (const text of d.frames) expect(JSON.parse(text).type).not.toBe('race-board');
  const eGaveUp = e.frames.findIndex((t) => t.startsWith('{"type":"game"') && t.includes('"gave-up"'));
  for (const text of e.frames.slice(0, eGaveUp)) expect(JSON.parse(text).type).not.toBe('race-board');

  const { states, seeds } = await publicStates(server.url, [practice.gameId, bGame.gameId, dRace.gameId, eRace.gameId]);
  // Up to the race's end: from there on its deal is public, and its frames say so.
  const beforeOver = (frames: string[]) =>
    frames.slice(
      0,
      frames.findIndex((t) => t.startsWith('{"type":"race-over"')),
    );
  const checked = [
    ...a.frames.slice(0, cutA),
    ...b.frames.slice(0, cutB),
    ...d.frames.slice(0, cutD),
    ...beforeOver(e.frames),
    ...beforeOver(f.frames),
  ];
  expect(checked.filter((t) => t.includes('"race-board"')).length).toBeGreaterThan(1);
  expect(checked.filter((t) => t.startsWith('{"type":"ghost"')).length).toBeGreaterThan(1);
  checkFrames(checked, states, seeds);
  await Promise.all([a.close(), b.close(), d.close(), e.close(), f.close()]);
});

test("a quick race's frames and a ghost race's carry no card before it is face up, nor the deal", async () => {
  const [gil, hana, ida] = await Promise.all(['Leak Gil', 'Leak Hana', 'Leak Ida'].map((n) => signUp(server.url, n)));
  const g = await TestClient.connect(server.wsUrl, gil!.cookie);
  const h = await TestClient.connect(server.wsUrl, hana!.cookie);
  const queue = { type: 'queue-join', variant: 'scorpion', options: { foundations: false, open: false } } as const;
  g.send(queue);
  h.send(queue);
  await g.next('queue');
  await h.next('queue');
  await server.app.queue.tick();
  const { code } = await g.next('queue-matched');
  const games: GameSnapshot[] = [];
  for (const client of [g, h]) {
    client.send({ type: 'room-join', code });
    games.push((await client.next('game', (f) => f.game.kind === 'race')).game);
  }
  await g.next('room', (r) => r.room.status === 'racing');
  await Promise.all([wander(g, games[0]!, 20), wander(h, games[1]!, 20)]);
  const [cutG, cutH] = [g.frames.length, h.frames.length];
  for (const [client, game] of [
    [g, games[0]!],
    [h, games[1]!],
  ] as const) {
    client.send({ type: 'give-up', gameId: game.gameId });
  }
  await g.next('race-over');

  // Ida waits alone: at 30 s she races a recorded game as a ghost.
  const i = await TestClient.connect(server.wsUrl, ida!.cookie);
  i.send(queue);
  await i.next('queue');
  offset += 30_000;
  await server.app.queue.tick();
  expect((await i.next('queue-ghost-offer')).ghost).not.toBeNull();
  i.send({ type: 'queue-ghost', accept: true });
  i.send({ type: 'challenge-start', code: (await i.next('queue-ghost-ready')).code });
  const iGame = (await i.next('game', (f) => f.game.kind === 'challenge')).game;
  await wander(i, iGame, 15);
  offset += 60_000;
  await wander(i, (await resumed(i, iGame.gameId)).game, 15);
  const cutI = i.frames.length;
  i.send({ type: 'give-up', gameId: iGame.gameId });
  await i.next('game', (f) => f.game.status === 'gave-up');

  const checked = [...g.frames.slice(0, cutG), ...h.frames.slice(0, cutH), ...i.frames.slice(0, cutI)];
  expect(checked.filter((t) => t.startsWith('{"type":"ghost"')).length).toBeGreaterThan(0);
  expect(checked.filter((t) => t.startsWith('{"type":"queue')).length).toBeGreaterThan(4);
  await expectNoLeak(checked, [games[0]!.gameId, games[1]!.gameId, iGame.gameId]);
  await Promise.all([g.close(), h.close(), i.close()]);
});
