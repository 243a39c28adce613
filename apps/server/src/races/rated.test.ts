import { Profile, RatingBoard, type RoomState } from '@scorpion/protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fixedDeals, WINNING } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { getJson } from '../test/http.ts';
import { joinRoom, openRoom, type Player, players, roomWhere } from '../test/rooms.ts';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ deals: fixedDeals, countdownMs: 100 });
});
afterAll(() => server.close());

/**
 * One race of the room, host first: `winner` plays the fixed deal's winning line and the other
 * gives up; with no winner both give up at once, unmoved (a shared first place).
 */
async function race(host: Player, other: Player, code: string, winner: Player | null) {
  host.client.send({ type: 'room-start', code });
  const games = new Map<Player, Awaited<ReturnType<typeof host.client.next<'game'>>>['game']>();
  for (const p of [host, other]) {
    games.set(p, (await p.client.next('game', (g) => g.game.seq === 0 && g.game.status === 'playing')).game);
  }
  const raceId = games.get(host)!.raceId;
  await roomWhere(host.client, (r) => r.status === 'racing' && r.race?.raceId === raceId);
  if (winner) await winner.client.play(games.get(winner)!, WINNING.moves);
  for (const p of [host, other]) {
    if (p !== winner) p.client.send({ type: 'give-up', gameId: games.get(p)!.gameId });
  }
  const over = await host.client.next('race-over', (f) => f.raceId === raceId);
  await other.client.next('race-over', (f) => f.raceId === raceId);
  return over;
}

test('a rated race rates both racers once: race-over shows it, the leaderboard and profiles list it', async () => {
  const [ann, bo] = await players(server, 'Rated Ann', 'Rated Bo');
  const code = await openRoom(ann!.client, 0, { rated: true });
  // Everyone in the room sees, before the race, that it is rated.
  expect(await joinRoom(bo!.client, code)).toMatchObject({ rated: true, bestOf: 1, series: null });

  const over = await race(ann!, bo!, code, ann!);
  expect(over.results.map((r) => r.playerId)).toStrictEqual([ann!.id, bo!.id]);
  const change = Object.fromEntries(over.ratings!.map((c) => [c.playerId, c]));
  expect(change[ann!.id]).toMatchObject({ before: 1500, after: { provisional: true, games: 1 } });
  expect(change[bo!.id]).toMatchObject({ before: 1500, after: { provisional: true, games: 1 } });
  expect(change[ann!.id]!.after.rating).toBeGreaterThan(1500);
  expect(change[bo!.id]!.after.rating).toBeLessThan(1500);

  const board = (await getJson(`${server.url}/api/leaderboards/ratings`, RatingBoard)).body;
  const onBoard = board.rows.filter((r) => r.player.id === ann!.id || r.player.id === bo!.id);
  expect(onBoard.map((r) => [r.player.nickname, r.rating])).toStrictEqual([
    ['Rated Ann', change[ann!.id]!.after],
    ['Rated Bo', change[bo!.id]!.after],
  ]);

  // Bo looks at Ann's profile (by a look-alike spelling of her name): one rated race, lost to her.
  const profile = await getJson(`${server.url}/api/players/rated%20ANN/profile`, Profile, bo!.cookie);
  expect(profile.status).toBe(200);
  expect(profile.body).toMatchObject({
    player: { id: ann!.id, nickname: 'Rated Ann' },
    rating: change[ann!.id]!.after,
    headToHead: { races: 1, myWins: 0, theirWins: 1 },
  });
  expect(profile.body.ratingHistory.map((h) => [h.raceId, h.rating])).toStrictEqual([
    [over.raceId, change[ann!.id]!.after.rating],
  ]);
  expect(profile.body.races).toMatchObject([{ raceId: over.raceId, code, rated: true, rank: 1, racers: 2, won: true }]);
  expect(profile.body.races[0]!.gameId).toBe(over.results[0]!.gameId);

  // An unrated room's race leaves ratings alone.
  const plain = await openRoom(bo!.client);
  await joinRoom(ann!.client, plain);
  expect((await race(bo!, ann!, plain, bo!)).ratings).toBeNull();
  const again = await getJson(`${server.url}/api/players/Rated%20Bo/profile`, Profile);
  expect(again.body.rating).toStrictEqual(change[bo!.id]!.after);
  expect(again.body.races.map((r) => r.rated)).toStrictEqual([false, true]);
  expect(again.body.headToHead).toBeNull();
  expect(again.body.refunds).toStrictEqual([]);

  // Ann is marked: she leaves the rating board, and Bo gets back, noted on his profile, what
  // the rated race against her cost him.
  expect(await server.app.moderation.mark(bo!.id, ann!.id, 'Scouted')).toStrictEqual({ ok: true });
  // A new player's first race swings far: the refund stops at 150.
  const points = Math.min(150, 1500 - change[bo!.id]!.after.rating);
  const refunded = await getJson(`${server.url}/api/players/Rated%20Bo/profile`, Profile);
  expect(refunded.body.refunds).toMatchObject([{ points }]);
  expect(refunded.body.rating!.rating).toBe(change[bo!.id]!.after.rating + points);
  const after = (await getJson(`${server.url}/api/leaderboards/ratings`, RatingBoard)).body;
  expect(after.rows.map((r) => r.player.nickname)).toContain('Rated Bo');
  expect(after.rows.map((r) => r.player.nickname)).not.toContain('Rated Ann');
});

test('a profile of nobody is a 404; a bad page is a 400', async () => {
  const missing = await fetch(`${server.url}/api/players/Nobody%20Here/profile`);
  expect([missing.status, await missing.json()]).toStrictEqual([
    404,
    { error: 'not-found', message: 'Nobody is called Nobody Here.' },
  ]);
  const bad = await fetch(`${server.url}/api/leaderboards/ratings?page=0`);
  expect(bad.status).toBe(400);
  expect(await bad.json()).toMatchObject({ error: 'bad-message' });
});

test('a best of 3 ends at 2 wins; a shared first scores nobody; the next start opens a new series', async () => {
  const [cy, di] = await players(server, 'Series Cy', 'Series Di');
  const code = await openRoom(cy!.client, 0, { bestOf: 3 });
  expect(await joinRoom(di!.client, code)).toMatchObject({ bestOf: 3, rated: false, series: null });
  const seriesAfter = async (games: number) =>
    (await roomWhere(di!.client, (r) => r.status === 'finished' && r.series?.games === games)).series!;
  const wins = (s: NonNullable<RoomState['series']>) => Object.fromEntries(s.score.map((x) => [x.nickname, x.wins]));

  await race(cy!, di!, code, cy!);
  let series = await seriesAfter(1);
  expect(series).toMatchObject({ bestOf: 3, target: 2, games: 1, winnerId: null });
  expect(wins(series)).toStrictEqual({ 'Series Cy': 1, 'Series Di': 0 });

  await race(cy!, di!, code, null);
  series = await seriesAfter(2);
  expect(series).toMatchObject({ games: 2, winnerId: null });
  expect(wins(series)).toStrictEqual({ 'Series Cy': 1, 'Series Di': 0 });

  await race(cy!, di!, code, cy!);
  series = await seriesAfter(3);
  expect(series).toMatchObject({ games: 3, winnerId: cy!.id });
  expect(wins(series)).toStrictEqual({ 'Series Cy': 2, 'Series Di': 0 });

  // The rematch after a won series deals game 1 of a new one.
  cy!.client.send({ type: 'room-start', code });
  // (Its countdown may be over by the time the room is sent, on a busy machine: any status will do.)
  const next = await roomWhere(di!.client, (r) => r.race?.number === 4);
  expect(next.series).toMatchObject({ games: 0, winnerId: null, score: [] });
});
