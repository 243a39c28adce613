import { WATCH_REFUSED } from '@scorpion/protocol';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { SOCKET_TOKEN_MS } from '../identity/socket-token.ts';
import { signUp, TestClient } from '../test/client.ts';
import { fixedDeals } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { TOO_MANY_SOCKETS } from './close-codes.ts';
import { HELD_BYTES, HELD_FRAMES } from './held-frames.ts';

/*
 * An early socket (`/ws?early=1`): a newcomer's page opens it while they read the daily, and
 * Start binds it to the guest it makes (`identify`, with the token the sign-up returned) instead
 * of opening another. Until then it may only ping; a token binds its own socket once, within
 * seconds, and a refused one changes nothing.
 */
const PER_ADDRESS = 3;
let server: RunningServer;
let clock = Date.UTC(2026, 5, 1, 12, 0, 0);
beforeAll(async () => {
  server = await startServer({
    deals: fixedDeals,
    now: () => clock,
    trustProxy: true,
    rateLimit: { perSecond: 2000, burst: 2000, socketsPerPlayer: 2, watchersPerAddress: PER_ADDRESS },
  });
});
afterAll(() => server.close());

let addresses = 0;
/** An early socket from an address of its own (unless given), greeted with its id. */
async function early(forwardedFor = `192.0.2.${++addresses}`) {
  const client = new TestClient(`${server.wsUrl}?early=1`, undefined, { forwardedFor });
  const greeted = await client.next('early');
  return Object.assign(client, { id: greeted.socket });
}

/** A guest made on Start, naming `socket` (from `device`, a device cookie): its cookie, its id and the token that binds that socket. */
async function guestFor(socket: string, device?: string) {
  const response = await fetch(`${server.url}/api/players`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(device ? { cookie: device } : {}) },
    body: JSON.stringify({ socket }),
  });
  expect(response.status).toBe(201);
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith('scorpion_id='))!
    .split(';')[0]!;
  const body = (await response.json()) as { player: { id: string }; socketToken?: string };
  return { cookie, id: body.player.id, token: body.socketToken! };
}

/** Frames an unbound socket is refused, and proof that they changed nothing: no game of anyone's. */
async function expectUnbound(c: TestClient, rid: string) {
  c.send({ type: 'daily-join', rid });
  expect(await c.next('error', (f) => f.rid === rid)).toMatchObject({ code: 'unidentified', ref: 'daily-join' });
}

test('a newcomer binds their early socket with the sign-up token: welcomed as the guest, then plays on it', async () => {
  const c = await early();
  // Before Start: only ping; everything else refused, typed, changing nothing.
  c.send({ type: 'ping', id: 3, rid: 'p' });
  expect(await c.next('pong')).toMatchObject({ id: 3, rid: 'p' });
  await expectUnbound(c, 'd0');
  c.send({ type: 'game-resume', gameId: 'g1', rid: 's0' });
  expect(await c.next('error', (f) => f.rid === 's0')).toMatchObject({ code: 'unidentified', ref: 'game-resume' });
  c.send({ type: 'room-create', rid: 'r0' });
  expect(await c.next('error', (f) => f.rid === 'r0')).toMatchObject({ code: 'unidentified' });
  c.send({ type: 'nonsense', rid: 'n0' });
  expect(await c.next('error', (f) => f.rid === 'n0')).toMatchObject({ code: 'unidentified' });
  const types = c.frames.map((t) => (JSON.parse(t) as { type: string }).type);
  expect(new Set(types)).toEqual(new Set(['early', 'pong', 'error']));

  const guest = await guestFor(c.id);
  expect(server.app.connections.sockets(guest.id)).toBe(0);
  c.send({ type: 'identify', token: guest.token, rid: 'i' });
  const welcome = await c.next('welcome');
  expect(welcome.player.id).toBe(guest.id);
  // Now the guest's socket: counted as theirs, and their daily is dealt on it.
  expect(server.app.connections.sockets(guest.id)).toBe(1);
  c.send({ type: 'daily-join', rid: 'd1' });
  const game = await c.next('game', (f) => f.rid === 'd1');
  expect(game.game.kind).toBe('daily');

  // The same token again, on the same socket: refused, and the socket stays the guest's.
  c.send({ type: 'identify', token: guest.token, rid: 'i2' });
  expect(await c.next('error', (f) => f.rid === 'i2')).toMatchObject({ code: 'bad-socket-token', ref: 'identify' });
  c.send({ type: 'ping', id: 4, rid: 'p2' });
  await c.next('pong', (f) => f.rid === 'p2');
  expect(server.app.connections.sockets(guest.id)).toBe(1);
  c.socket.close();
  await c.closed;
});

test("a token is refused on another socket, after it expires, forged, or when it is another player's; nothing changes", async () => {
  const a = await early();
  const b = await early();
  const forA = await guestFor(a.id);

  // A's token on B: made for A alone.
  b.send({ type: 'identify', token: forA.token, rid: 'x' });
  expect(await b.next('error', (f) => f.rid === 'x')).toMatchObject({ code: 'bad-socket-token' });
  await expectUnbound(b, 'bx');
  // Another player's token (made for B) on A: refused too.
  const forB = await guestFor(b.id);
  a.send({ type: 'identify', token: forB.token, rid: 'y' });
  expect(await a.next('error', (f) => f.rid === 'y')).toMatchObject({ code: 'bad-socket-token' });
  // A token whose claims were changed (A's claims, B's signature): its signature no longer fits.
  const [bodyA] = forA.token.split('.');
  const [, macB] = forB.token.split('.');
  b.send({ type: 'identify', token: `${bodyA}.${macB}`, rid: 'z' });
  expect(await b.next('error', (f) => f.rid === 'z')).toMatchObject({ code: 'bad-socket-token' });
  // Past its seconds: refused, though on its own socket.
  clock += SOCKET_TOKEN_MS + 1;
  a.send({ type: 'identify', token: forA.token, rid: 'late' });
  expect(await a.next('error', (f) => f.rid === 'late')).toMatchObject({ code: 'bad-socket-token' });
  await expectUnbound(a, 'ax');
  for (const id of [forA.id, forB.id]) expect(server.app.connections.sockets(id)).toBe(0);
  const types = a.frames.concat(b.frames).map((t) => (JSON.parse(t) as { type: string }).type);
  expect(new Set(types)).toEqual(new Set(['early', 'error']));

  // A fresh token for A, in time, still binds it.
  const again = await guestFor(a.id);
  a.send({ type: 'identify', token: again.token });
  expect((await a.next('welcome')).player.id).toBe(again.id);
  for (const c of [a, b]) c.socket.close();
});

test('a cookie socket refuses identify; a bound socket counts toward the player cap', async () => {
  const named = await signUp(server.url, 'Early Eve');
  const own = await TestClient.connect(server.wsUrl, named.cookie);
  own.send({ type: 'identify', token: 'abc.def', rid: 'c' });
  expect(await own.next('error', (f) => f.rid === 'c')).toMatchObject({ code: 'bad-socket-token' });

  // The guest has two sockets already (the cap): the early one, once bound, is one too many.
  const c = await early();
  const guest = await guestFor(c.id);
  const tabs = [
    await TestClient.connect(server.wsUrl, guest.cookie),
    await TestClient.connect(server.wsUrl, guest.cookie),
  ];
  c.send({ type: 'identify', token: guest.token });
  expect(await c.next('error')).toMatchObject({ code: 'too-many-sockets' });
  expect((await c.closed).code).toBe(TOO_MANY_SOCKETS);
  for (const t of [own, ...tabs]) t.socket.close();
});

test('early sockets are limited per address, typed; a bound one frees its place', async () => {
  const address = '198.51.100.9';
  const open = [];
  for (let i = 0; i < PER_ADDRESS; i++) open.push(await early(address));
  const over = new TestClient(`${server.wsUrl}?early=1`, undefined, { forwardedFor: address });
  expect(await over.next('error')).toMatchObject({ code: 'too-many-watchers' });
  expect((await over.closed).code).toBe(WATCH_REFUSED);

  const guest = await guestFor(open[0]!.id);
  open[0]!.send({ type: 'identify', token: guest.token });
  await open[0]!.next('welcome');
  const another = await early(address);
  for (const c of [...open, another]) c.socket.close();
});

test("the daily records its opening by the sign-up's device, the early socket's upgrade having come before that cookie", async () => {
  const me = await fetch(`${server.url}/api/me`);
  const device = me.headers
    .getSetCookie()
    .find((c) => c.startsWith('scorpion_device='))!
    .split(';')[0]!;
  const c = await early();
  const guest = await guestFor(c.id, device);
  c.send({ type: 'identify', token: guest.token });
  await c.next('welcome');
  c.send({ type: 'daily-join', rid: 'd' });
  const { game } = await c.next('game', (f) => f.rid === 'd');
  const opens = await server.app.repos.daily.opensOf(game.daily!.date, guest.id, clock + 1);
  expect(opens).toHaveLength(1);
  expect(opens[0]!.device).not.toBe('');
  expect(decodeURIComponent(device.slice('scorpion_device='.length)).startsWith(`${opens[0]!.device}.`)).toBe(true);
  c.socket.close();
});

/** Holds the next player lookup by token (the real one) until `release`; `lookup` is its spy. */
function holdNextLookup() {
  const players = server.app.repos.players;
  const real = players.byTokenHash.bind(players);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const lookup = vi.spyOn(players, 'byTokenHash').mockImplementationOnce(async (hash) => {
    await held;
    return real(hash);
  });
  return { lookup, release };
}

/**
 * Sends `identify` and then `frames` on `c` while the identify's player lookup (the real one) is
 * held back, filled up with pings to the bound and one frame more: that one's refusal, which
 * comes at once, says that every frame before it reached the server and is waiting. `release`
 * lets the lookup go on.
 */
async function whileIdentifying(c: TestClient, token: string, frames: Record<string, unknown>[]) {
  const { lookup, release } = holdNextLookup();
  c.send({ type: 'identify', token, rid: 'i' });
  for (const frame of frames) c.send(frame);
  for (let i = frames.length; i < HELD_FRAMES; i++) c.send({ type: 'ping', id: 100 + i, rid: `f${i}` });
  c.send({ type: 'ping', id: 99, rid: 'over' });
  expect(await c.next('error', (f) => f.rid === 'over')).toMatchObject({ code: 'rate-limited', ref: 'ping' });
  expect(lookup).toHaveBeenCalledTimes(1);
  lookup.mockRestore();
  return release;
}

/** The types and request ids of the frames `c` was sent after the first `skip`. */
const sentAfter = (c: TestClient, skip: number) =>
  c.frames.slice(skip).map((t) => {
    const f = JSON.parse(t) as { type: string; rid?: string; code?: string };
    return f.type === 'error' ? `${f.rid}:${f.code}` : `${f.type}${f.rid ? `:${f.rid}` : ''}`;
  });

test("frames sent right after identify wait for it, in order, and are the bound player's; past the bound they are refused", async () => {
  const c = await early();
  const guest = await guestFor(c.id);
  const release = await whileIdentifying(c, guest.token, [
    { type: 'ping', id: 1, rid: 'p1' },
    { type: 'daily-join', rid: 'd' },
    { type: 'identify', token: guest.token, rid: 'i2' },
    { type: 'ping', id: 2, rid: 'p2' },
  ]);
  // Nothing but the refusal of the one over the bound while the identify is in flight.
  expect(server.app.connections.sockets(guest.id)).toBe(0);
  const before = c.frames.length;
  release();
  expect((await c.next('welcome')).player.id).toBe(guest.id);
  const { game } = await c.next('game', (f) => f.rid === 'd');
  expect(game.daily).toBeDefined();
  await c.next('pong', (f) => f.rid === `f${HELD_FRAMES - 1}`);
  // Welcomed first; then each held frame handled as the guest's, in the order sent (the second
  // identify finds the socket bound already; a ping's pong needs no database, the game does).
  const answers = sentAfter(c, before);
  expect(answers[0]).toBe('welcome');
  expect(answers.filter((a) => a.startsWith('pong'))).toEqual(
    ['p1', 'p2', ...Array.from({ length: HELD_FRAMES - 4 }, (_, i) => `f${i + 4}`)].map((r) => `pong:${r}`),
  );
  expect(answers).toContain('i2:bad-socket-token');
  expect(answers).toContain('game:d');
  expect(answers.indexOf('pong:p1')).toBeLessThan(answers.indexOf('i2:bad-socket-token'));
  expect(server.app.connections.sockets(guest.id)).toBe(1);
  c.socket.close();
});

test('frames held behind an identify are bounded in bytes too', async () => {
  const c = await early();
  const guest = await guestFor(c.id);
  const { release } = holdNextLookup();
  // Frames of half the bound each (within a frame's size): two fit, the third does not.
  const pad = (rid: string) => ({ type: 'ping', id: 1, rid, pad: 'x'.repeat(HELD_BYTES / 2 - 50) });
  c.send({ type: 'identify', token: guest.token, rid: 'i' });
  for (const rid of ['a', 'b', 'c']) c.send(pad(rid));
  expect(await c.next('error', (f) => f.rid === 'c')).toMatchObject({ code: 'rate-limited', ref: null });
  vi.restoreAllMocks();
  release();
  await c.next('welcome');
  // Held, then handled as the player's: a ping with a field too many is a bad message.
  for (const rid of ['a', 'b'])
    expect(await c.next('error', (f) => f.rid === rid)).toMatchObject({ code: 'bad-message' });
  c.socket.close();
});

test("frames held behind an identify its device's sign-out refuses are refused with it; the socket stays unbound", async () => {
  const c = await early();
  const guest = await guestFor(c.id);
  const devices = await fetch(`${server.url}/api/devices`, { headers: { cookie: guest.cookie } });
  const [own] = ((await devices.json()) as { devices: { id: string }[] }).devices;
  const out = await fetch(`${server.url}/api/devices/${own!.id}`, {
    method: 'DELETE',
    headers: { cookie: guest.cookie },
  });
  expect(out.status).toBe(200);

  const release = await whileIdentifying(c, guest.token, [
    { type: 'daily-join', rid: 'd' },
    { type: 'ping', id: 1, rid: 'p1' },
  ]);
  release();
  expect(await c.next('error', (f) => f.rid === 'i')).toMatchObject({ code: 'bad-socket-token', ref: 'identify' });
  const refused = await c.next('error', (f) => f.rid === 'd');
  expect(refused).toMatchObject({ code: 'unidentified', ref: 'daily-join' });
  expect(refused.message).toMatch(/identify this frame followed was refused/);
  // A held ping is still answered, as on any unbound socket.
  await c.next('pong', (f) => f.rid === 'p1');
  await c.next('pong', (f) => f.rid === `f${HELD_FRAMES - 1}`);
  // No identify in flight now: today's answers, and nothing was made or counted for the guest.
  c.send({ type: 'ping', id: 7, rid: 'p7' });
  await c.next('pong', (f) => f.rid === 'p7');
  await expectUnbound(c, 'd2');
  expect(server.app.connections.sockets(guest.id)).toBe(0);
  const types = c.frames.map((t) => (JSON.parse(t) as { type: string }).type);
  expect(new Set(types)).toEqual(new Set(['early', 'pong', 'error']));
  c.socket.close();
});
