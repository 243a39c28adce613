import type { GameSnapshot } from '@scorpion/protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { NEW_RATING, rateRace } from '../ratings/model.ts';
import { signUp, TestClient } from '../test/client.ts';
import { fixedDeals, WINNING } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { deviceCookie } from '../test/http.ts';
import { GHOST_OFFER_MS } from './matching.ts';

let server: RunningServer;
let clock = Date.UTC(2026, 5, 1, 12, 0, 0);
const COUNTDOWN_MS = 1000;

beforeAll(async () => {
  // Every socket comes from the address its `X-Forwarded-For` names, as behind a proxy: a test
  // picks whether two players share one. The queue is looked at only when a test says.
  server = await startServer({
    deals: fixedDeals,
    countdownMs: COUNTDOWN_MS,
    now: () => clock,
    trustProxy: true,
    queueTickMs: 0,
  });
});
afterAll(() => server.close());

let addresses = 0;
/** A new player on a socket from an address of their own (or `address`), with a device cookie when given one. */
async function player(nickname: string, address = `10.0.0.${++addresses}`, device?: string) {
  const signed = await signUp(server.url, nickname);
  const { id } = signed;
  const cookie = device ? `${signed.cookie}; ${device}` : signed.cookie;
  const connect = () => TestClient.connect(server.wsUrl, cookie, { forwardedFor: address });
  return { id, cookie, client: await connect(), connect };
}
type P = Awaited<ReturnType<typeof player>>;

async function queue(client: TestClient, variant: 'scorpion' | 'scorpion-tail' | 'wasp' = 'scorpion') {
  client.send({ type: 'queue-join', variant, options: { foundations: false, open: false } });
  return client.next('queue', (f) => f.status === 'waiting');
}
const look = () => server.app.queue.tick();
const types = (client: TestClient) => client.frames.map((f) => (JSON.parse(f) as { type: string }).type);

/**
 * Both players are matched into one room (after waiting `waitMs`, for ratings far apart), race
 * in it; `a` plays the winning line.
 */
async function matchAndRace(a: P, b: P, loserLeavesEarly = false, waitMs = 0) {
  const [qa, qb] = [await queue(a.client), await queue(b.client)];
  expect(qb.waiting).toBe(2);
  clock += waitMs;
  await look();
  const [ma, mb] = [await a.client.next('queue-matched'), await b.client.next('queue-matched')];
  expect(ma).toMatchObject({ entryId: qa.entryId, code: mb.code });
  expect(mb.entryId).toBe(qb.entryId);
  expect(ma.players.map((p) => p.id).sort()).toStrictEqual([a.id, b.id].sort());
  const code = ma.code;
  // What the room page does: it joins its room, and finds the race counting down and its game.
  const games = new Map<P, GameSnapshot>();
  for (const p of [a, b]) {
    p.client.send({ type: 'room-join', code });
    const room = await p.client.next('room', (f) => f.room.code === code && f.room.status === 'countdown');
    expect(room.room).toMatchObject({ rated: true, winnableOnly: true, timeLimit: 10, bestOf: 1 });
    games.set(p, (await p.client.next('game', (g) => g.game.kind === 'race' && g.game.seq === 0)).game);
  }
  // Racing, neither can queue for another race.
  a.client.send({ type: 'queue-join', variant: 'scorpion', options: { foundations: false, open: false } });
  const refused = await a.client.next('error', (f) => f.ref === 'queue-join');
  expect(refused).toMatchObject({ code: 'race-running', message: expect.stringContaining(code) });
  if (loserLeavesEarly) b.client.send({ type: 'room-leave', code });
  clock += COUNTDOWN_MS;
  await a.client.play(games.get(a)!, WINNING.moves);
  if (!loserLeavesEarly) b.client.send({ type: 'give-up', gameId: games.get(b)!.gameId });
  const over = await a.client.next('race-over', (f) => f.code === code);
  return { code, over };
}

test('two players queue, are matched into a rated room and race; the loser loses rating', async () => {
  const [ann, bob] = [await player('Quick Ann'), await player('Quick Bob')];
  const { over } = await matchAndRace(ann, bob);
  expect(over.results.map((r) => r.playerId)).toStrictEqual([ann.id, bob.id]);
  const change = Object.fromEntries(over.ratings!.map((c) => [c.playerId, c]));
  expect(change[ann.id]!.after.rating).toBeGreaterThan(1500);
  expect(change[bob.id]!.after.rating).toBeLessThan(1500);
});

test('leaving the room once matched, during the countdown, counts as a loss for rating', async () => {
  const [cid, dan] = [await player('Quick Cid'), await player('Quick Dan')];
  const { over } = await matchAndRace(cid, dan, true);
  const dans = over.results.find((r) => r.playerId === dan.id)!;
  expect(dans.gaveUp).toBe(true);
  expect(over.ratings!.find((c) => c.playerId === dan.id)!.after.rating).toBeLessThan(1500);
});

test('a lone player is offered a ghost at 30 s and not before; accepted, it is an unrated challenge game', async () => {
  const eve = await player('Quick Eve');
  const waiting = await queue(eve.client);
  clock += GHOST_OFFER_MS - 1;
  await look();
  await eve.client.next('queue', (f) => f.status === 'waiting' && f.serverTime === clock);
  expect(types(eve.client)).not.toContain('queue-ghost-offer');
  // Nothing offered yet: an answer now is refused.
  eve.client.send({ type: 'queue-ghost', accept: true });
  expect(await eve.client.next('error', (f) => f.ref === 'queue-ghost')).toMatchObject({ code: 'not-queued' });

  clock += 1;
  await look();
  const offer = await eve.client.next('queue-ghost-offer');
  // The first test's winner: the nearest rating with a won game (within the band by now).
  expect(offer).toMatchObject({ entryId: waiting.entryId, widened: false, ghost: { won: true } });
  expect(['Quick Ann', 'Quick Cid']).toContain(offer.ghost!.nickname);
  // Offered once: the next look sends none.
  await look();
  await eve.client.next('queue', (f) => f.status === 'waiting');
  expect(types(eve.client).filter((t) => t === 'queue-ghost-offer')).toHaveLength(1);

  // Declined: Eve waits on. Then accepted after all.
  eve.client.send({ type: 'queue-ghost', accept: false });
  eve.client.send({ type: 'queue-ghost', accept: true });
  const left = await eve.client.next('queue', (f) => f.status === 'left');
  expect(left).toMatchObject({ reason: 'ghost', entryId: waiting.entryId });
  const ready = await eve.client.next('queue-ghost-ready');
  eve.client.send({ type: 'challenge-start', code: ready.code });
  const game = (await eve.client.next('game', (g) => g.game.kind === 'challenge')).game;
  const ghost = await eve.client.next('ghost');
  expect(ghost).toMatchObject({ gameId: game.gameId, nickname: offer.ghost!.nickname });
  expect(game.ranked).toBe(false);
  // She is out of the queue: a look later offers and matches nothing.
  expect(await server.app.queue.leave(eve.id)).toMatchObject({ ok: false, code: 'not-queued' });
});

test('with no recorded game of the variant, the offer says so and the player waits on', async () => {
  const fay = await player('Quick Fay');
  await queue(fay.client, 'wasp');
  clock += GHOST_OFFER_MS;
  await look();
  expect(await fay.client.next('queue-ghost-offer')).toMatchObject({ ghost: null, widened: false });
  fay.client.send({ type: 'queue-ghost', accept: true });
  expect(await fay.client.next('error', (f) => f.ref === 'queue-ghost')).toMatchObject({ code: 'not-queued' });
  fay.client.send({ type: 'queue-leave' });
  expect(await fay.client.next('queue', (f) => f.status === 'left')).toMatchObject({ reason: 'left' });
});

test('one entry per player: a second tab replaces the first, and the player is matched once', async () => {
  const [gus, hal] = [await player('Quick Gus'), await player('Quick Hal')];
  const first = await queue(gus.client);
  const tab2 = await gus.connect();
  const second = await queue(tab2);
  expect(second.waiting).toBe(1);
  // The first tab hears that its entry is gone (by its own id); the second's is the one.
  const replaced = await gus.client.next('queue', (f) => f.entryId === first.entryId && f.status === 'left');
  expect(replaced.reason).toBe('replaced');
  expect((await server.app.queue.waiting()).filter((e) => e.playerId === gus.id)).toHaveLength(1);
  await queue(hal.client);
  await look();
  const matched = await tab2.next('queue-matched');
  expect(matched.entryId).toBe(second.entryId);
  expect(matched.players.map((p) => p.id).sort()).toStrictEqual([gus.id, hal.id].sort());
  // A tab closing does not take the entry of a player still here in another tab.
  await tab2.close();
});

test('two players behind one address are paired like anyone; two identities of one device never are', async () => {
  const household = '10.9.9.9';
  const [ivy, jo] = [await player('Quick Ivy', household), await player('Quick Jo', household)];
  await queue(ivy.client);
  clock += 1000;
  await queue(jo.client);
  await look();
  expect((await ivy.client.next('queue-matched')).players.map((p) => p.id).sort()).toStrictEqual(
    [ivy.id, jo.id].sort(),
  );
  await jo.client.next('queue-matched');
  for (const p of [ivy, jo]) await p.client.close();

  // Two identities in one browser (one device cookie), from two networks: never each other.
  const device = await deviceCookie(server.url);
  const [kim, lee] = [await player('Quick Kim', '10.8.0.1', device), await player('Quick Lee', '10.8.0.2', device)];
  await queue(kim.client);
  clock += 1000;
  await queue(lee.client);
  await look();
  expect((await lee.client.next('queue', (f) => f.status === 'waiting' && f.serverTime === clock)).waiting).toBe(2);
  expect(types(kim.client)).not.toContain('queue-matched');
  // Someone on another device is paired with the one who waited longest.
  const max = await player('Quick Max', '10.8.0.1');
  await queue(max.client);
  await look();
  expect((await kim.client.next('queue-matched')).players.map((p) => p.id).sort()).toStrictEqual(
    [kim.id, max.id].sort(),
  );
  expect(types(lee.client)).not.toContain('queue-matched');
  // A player whose socket closes leaves the queue with it.
  await lee.client.close();
  await expect.poll(async () => (await server.app.queue.waiting()).length).toBe(0);
});

test('Scorpion Tail, the same game under another name, is queued with Scorpion: its player is paired with a Scorpion one', async () => {
  const [kim, lou] = [await player('Tail Kim'), await player('Tail Lou')];
  const tail = await queue(kim.client, 'scorpion-tail');
  expect(tail.variant).toBe('scorpion');
  expect((await queue(lou.client)).waiting).toBe(2);
  await look();
  const matched = await kim.client.next('queue-matched');
  expect(matched.players.map((p) => p.id).sort()).toStrictEqual([kim.id, lou.id].sort());
  kim.client.send({ type: 'room-join', code: matched.code });
  const room = await kim.client.next('room', (f) => f.room.code === matched.code);
  expect(room.room.variant).toBe('scorpion');
});

test('rated races between the same two players count less each time within a UTC day, and in full the next day', async () => {
  const [una, vic] = [await player('Quick Una', '10.7.0.1'), await player('Quick Vic', '10.7.0.1')];
  const { ratings } = server.app.repos;
  /** The winner's rating moved by this race, and by what a first meeting from the same ratings would move it. */
  async function race() {
    // Fresh sockets, so that no frame of the last race's queue is read as this one's.
    for (const p of [una, vic]) {
      await p.client.close();
      p.client = await p.connect();
    }
    const { over } = await matchAndRace(una, vic, false, 40_000);
    // The latest two points of each: the race just rated, and the rating it started from.
    const [unas, vics] = [await ratings.history(una.id, 2), await ratings.history(vic.id, 2)];
    const start = (h: typeof unas) =>
      h.length === 2 ? { mu: h[0]!.mu, sigma: h[0]!.sigma, games: h[0]!.games } : { ...NEW_RATING, games: 0 };
    const prior = new Map([
      [una.id, start(unas)],
      [vic.id, start(vics)],
    ]);
    const last = unas.at(-1)!;
    const full = rateRace(over.results, prior).find((c) => c.playerId === una.id)!;
    return { moved: last.mu - last.muBefore, full: full.mu - full.muBefore };
  }
  const first = await race();
  expect(first.moved).toBeCloseTo(first.full, 10);
  clock += 60_000;
  const second = await race();
  expect(second.moved).toBeCloseTo(second.full / 2, 10);
  clock += 60_000;
  const third = await race();
  expect(third.moved).toBeCloseTo(third.full / 3, 10);
  // Midnight UTC on the server's clock: the pair's next rated race counts in full again.
  clock = Date.UTC(2026, 5, 2, 0, 0, 1);
  const nextDay = await race();
  expect(nextDay.moved).toBeCloseTo(nextDay.full, 10);
});
