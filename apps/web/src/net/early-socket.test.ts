import { PROTOCOL_VERSION } from '@scorpion/protocol';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { Connection } from './connection.svelte.ts';
import { errorFrame, FakeSocket, settle, socket, stubBrowser } from './fakeSocket.ts';
import { Session } from './session.svelte.ts';

/*
 * A newcomer's early socket (`/ws?early=1`): Start's sign-up names it, and the token it gets
 * back binds it, so that the tab's socket is the one already open; any failure falls back to
 * the player's own socket, by their cookie.
 */
const GUEST = { id: 'g1', nickname: 'Guest 123456' };
let posted: unknown[] = [];
let token: string | undefined = 'tok.en';

beforeEach(() => {
  stubBrowser('/daily');
  posted = [];
  token = 'tok.en';
  vi.stubGlobal('fetch', async (path: string, init: { method: string; body?: string }) => {
    if (path === '/api/me') return new Response(JSON.stringify({ player: null }), { status: 200 });
    posted.push(JSON.parse(init.body ?? '{}'));
    const body = token === undefined ? { player: GUEST } : { player: GUEST, socketToken: token };
    return new Response(JSON.stringify(body), { status: 201 });
  });
});
afterEach(() => vi.unstubAllGlobals());

const urls = () => FakeSocket.opened.map((s) => s.url);

/** The early socket, open and greeted by the server. */
function openEarly(connection: Connection) {
  connection.openEarly();
  const early = socket();
  early.readyState = FakeSocket.OPEN;
  early.deliver({ type: 'early', protocol: PROTOCOL_VERSION, serverTime: 0, socket: 'sock-1' });
  return early;
}

test('Start names the early socket in its sign-up, binds it with the token, and the welcome on it makes the tab online', async () => {
  const connection = new Connection();
  const session = new Session(connection);
  await session.load();
  const early = openEarly(connection);
  expect(urls()).toEqual(['ws://localhost:8080/ws?early=1']);
  expect(connection.status).toBe('idle');
  // A request made before the bind waits for it; nothing goes on the unbound socket.
  const answer = connection.request({ type: 'daily-join' }, { again: true });
  expect(early.sent).toEqual([]);

  await session.startAsGuest();
  expect(posted).toEqual([{ socket: 'sock-1' }]);
  // It goes right after `identify`, not a round trip later on `welcome`: the server holds it until bound.
  expect(early.sent).toMatchObject([{ type: 'identify', token: 'tok.en' }, { type: 'daily-join' }]);
  // The app asks for the player's socket: the one being bound is it, none other opens.
  connection.start();
  expect(urls()).toHaveLength(1);
  early.welcome();
  expect(connection.status).toBe('online');
  expect(connection.earlyId).toBeUndefined();
  // Not sent twice.
  expect(early.sent).toHaveLength(2);
  early.deliver(errorFrame((early.sent.at(-1) as { rid: string }).rid, 'game-over', 'daily-join'));
  expect((await answer).ok).toBe(false);

  // Bound, it reconnects as the player's socket does: by the cookie, not as an early one.
  vi.useFakeTimers();
  early.close();
  vi.advanceTimersByTime(10_000);
  vi.useRealTimers();
  expect(urls()).toEqual(['ws://localhost:8080/ws?early=1', 'ws://localhost:8080/ws']);
});

test("a refused token closes the early socket and opens the player's own, which the waiting request then goes on", async () => {
  const connection = new Connection();
  const session = new Session(connection);
  await session.load();
  const early = openEarly(connection);
  const answer = connection.request({ type: 'daily-join' }, { again: true });
  await session.startAsGuest();
  connection.start();
  // Asked while the identify is on its way: sent at once too; one that nothing asks again settles as offline.
  const once = connection.request({ type: 'ping', id: 1 });
  const [, join, ping] = early.sent as { rid: string }[];
  expect(early.sent).toMatchObject([{ type: 'identify' }, { type: 'daily-join' }, { type: 'ping' }]);
  early.deliver(errorFrame(undefined, 'bad-socket-token', 'identify'));
  expect(await once).toEqual({ ok: false, refusal: { type: 'offline' } });
  // The server refuses what followed the identify with it: that is the dropped socket's, not the request's answer.
  early.deliver(errorFrame(join!.rid, 'unidentified', 'daily-join'));
  early.deliver(errorFrame(ping!.rid, 'unidentified', 'ping'));
  expect(early.readyState).toBe(3);
  expect(urls()).toEqual(['ws://localhost:8080/ws?early=1', 'ws://localhost:8080/ws']);
  const own = socket();
  own.welcome();
  expect(own.sent).toMatchObject([{ type: 'daily-join' }]);
  own.deliver(errorFrame((own.sent[0] as { rid: string }).rid, 'game-over', 'daily-join'));
  expect(await answer).toMatchObject({ ok: false, refusal: { code: 'game-over' } });
  await settle();
});

test('a request asked after the identify goes at once on the early socket, its answer comes there, and a reconnection asks again only what is unanswered', async () => {
  const connection = new Connection();
  const session = new Session(connection);
  await session.load();
  const early = openEarly(connection);
  await session.startAsGuest();
  connection.start();
  // The daily's Start: the join once the sign-up is in, before any welcome.
  const join = connection.request({ type: 'daily-join' }, { again: true });
  const resume = connection.request({ type: 'game-resume', gameId: 'g9' }, { again: true });
  expect(early.sent).toMatchObject([{ type: 'identify' }, { type: 'daily-join' }, { type: 'game-resume' }]);
  expect(connection.status).toBe('idle');
  early.welcome();
  expect(early.sent).toHaveLength(3);
  const rid = (early.sent[1] as { rid: string }).rid;
  early.deliver(errorFrame(rid, 'game-over', 'daily-join'));
  expect(await join).toMatchObject({ ok: false, refusal: { code: 'game-over' } });

  // Bound, it is the player's socket: dropped, what is unanswered goes again on the next one.
  vi.useFakeTimers();
  early.close();
  vi.advanceTimersByTime(10_000);
  vi.useRealTimers();
  const next = socket();
  next.welcome();
  expect(next.sent).toMatchObject([{ type: 'game-resume', gameId: 'g9' }]);
  next.deliver(errorFrame((next.sent[0] as { rid: string }).rid, 'no-such-game', 'game-resume'));
  expect(await resume).toMatchObject({ ok: false });
});

test('without a token (or an early socket) nothing is bound: the player gets their own socket and the early one closes', async () => {
  token = undefined;
  const connection = new Connection();
  const session = new Session(connection);
  await session.load();
  const early = openEarly(connection);
  await session.pick('Pia');
  expect(early.sent).toEqual([]);
  connection.start();
  expect(early.readyState).toBe(3);
  expect(urls()).toEqual(['ws://localhost:8080/ws?early=1', 'ws://localhost:8080/ws']);

  // No early socket open at all: the sign-up names none.
  const plain = new Session(new Connection());
  await plain.load();
  await plain.startAsGuest();
  expect(posted.at(-1)).toEqual({});
});

test('an early socket that drops before Start is not reopened; one left behind by its page is closed', async () => {
  const connection = new Connection();
  openEarly(connection).close();
  expect(urls()).toHaveLength(1);
  expect(connection.earlyId).toBeUndefined();
  const again = openEarly(connection);
  expect(connection.earlyId).toBe('sock-1');
  connection.closeEarly();
  expect(again.readyState).toBe(3);
  expect(connection.earlyId).toBeUndefined();
  expect(connection.status).toBe('idle');
});

test('Start pressed while the early socket is still opening: the sign-up waits for its greeting and binds it; one that closes first names none', async () => {
  const connection = new Connection();
  const session = new Session(connection);
  await session.load();
  connection.openEarly();
  const early = socket();
  const started = session.startAsGuest();
  await settle();
  expect(posted).toEqual([]);
  early.readyState = FakeSocket.OPEN;
  early.deliver({ type: 'early', protocol: PROTOCOL_VERSION, serverTime: 0, socket: 'sock-2' });
  await started;
  expect(posted).toEqual([{ socket: 'sock-2' }]);
  expect(early.sent).toEqual([{ type: 'identify', token: 'tok.en' }]);

  const other = new Connection();
  const named = new Session(other);
  await named.load();
  other.openEarly();
  const picked = named.pick('Pia');
  await settle();
  socket().close();
  await picked;
  expect(posted.at(-1)).toEqual({ nickname: 'Pia' });
});
