import { WATCH_REFUSED } from '@scorpion/protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SOCKET_TOKEN_MS } from '../identity/socket-token.ts';
import { signUp, TestClient } from '../test/client.ts';
import { fixedDeals } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { TOO_MANY_SOCKETS } from './close-codes.ts';

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
