import { ApiError, PlayerResponse } from '@scorpion/protocol';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, TestClient } from '../test/client.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { getJson } from '../test/http.ts';

let server: RunningServer;
let cookie: string;
beforeAll(async () => {
  server = await startServer({ heartbeatMs: 100, rateLimit: { perSecond: 20, burst: 40 } });
  cookie = (await signUp(server.url, 'Edgar')).cookie;
});
afterAll(() => server.close());

describe('bad frames are answered with typed errors and change nothing', () => {
  test('not JSON, not an object, unknown type, missing or extra fields, bad values', async () => {
    const c = await TestClient.connect(server.wsUrl, cookie);
    c.sendRaw('{nope');
    expect(await c.next('error')).toMatchObject({ code: 'bad-message', ref: null });
    for (const bad of [[1, 2], 'hello', null, { type: 'teleport' }, { type: 'move' }]) {
      c.send(bad as Record<string, unknown>);
      expect(await c.next('error')).toMatchObject({ code: 'bad-message' });
    }
    c.send({ type: 'ping', id: 1, extra: true });
    expect(await c.next('error')).toMatchObject({ code: 'bad-message', ref: 'ping' });
    c.send({ type: 'move', gameId: 'x', expect: -1, move: { kind: 'deal' } });
    expect(await c.next('error')).toMatchObject({ code: 'bad-message', ref: 'move' });
    c.send({ type: 'practice-start', variant: 'klondike', options: { foundations: false, open: false } });
    expect(await c.next('error')).toMatchObject({ code: 'bad-message' });
    c.send({ type: 'ping', id: 7 });
    expect(await c.next('pong')).toMatchObject({ id: 7 });
    await c.close();
  });

  test('a `type` that is not a string gets bad-message, even one String() cannot convert', async () => {
    // Once a process-killing frame: String({ toString: 1 }) throws inside the socket listener.
    const c = await TestClient.connect(server.wsUrl, cookie);
    for (const bad of ['{"type":{"toString":1}}', '{"type":{"valueOf":1,"toString":1}}', '{"type":7}']) {
      c.sendRaw(bad);
      expect(await c.next('error')).toMatchObject({ code: 'bad-message', ref: null });
    }
    c.send({ type: 'ping', id: 3 });
    expect(await c.next('pong')).toMatchObject({ id: 3 });
    await c.close();
  });

  test('illegal moves carry the rules reason and the current game; unknown games are refused', async () => {
    const c = await TestClient.connect(server.wsUrl, cookie);
    c.send({ type: 'practice-start', variant: 'scorpion', options: { foundations: false, open: false } });
    const game = (await c.next('game')).game;
    const cases = [
      [{ kind: 'move', from: 0, row: 6, to: 0 }, 'same-column'],
      [{ kind: 'move', from: 0, row: 0, to: 5 }, 'not-face-up'],
      [{ kind: 'move', from: 9, row: 0, to: 1 }, 'no-such-column'],
      [{ kind: 'reserve', index: 0, to: 1 }, 'no-reserve'],
      [{ kind: 'foundation', from: 0 }, 'no-foundations'],
    ] as const;
    for (const [move, reason] of cases) {
      expect(await c.act({ type: 'move', gameId: game.gameId, expect: 0, move })).toMatchObject({
        type: 'error',
        code: 'illegal-move',
        reason,
        game: { seq: 0 },
      });
    }
    expect(await c.act({ type: 'undo', gameId: game.gameId, expect: 0 })).toMatchObject({ code: 'nothing-to-undo' });
    expect(await c.act({ type: 'move', gameId: 'no-such', expect: 0, move: { kind: 'deal' } })).toMatchObject({
      code: 'no-such-game',
    });
    c.send({ type: 'room-join', code: 'ZZZZZZ' });
    expect(await c.next('error')).toMatchObject({ code: 'no-such-room' });
    await c.close();
  });
});

test('every answer to a request carries its id, an error included; a frame without one gets answers without one', async () => {
  const c = await TestClient.connect(server.wsUrl, cookie);
  c.send({ type: 'practice-start', variant: 'scorpion', options: { foundations: false, open: false }, rid: 'p-1' });
  const game = await c.next('game');
  expect(game.rid).toBe('p-1');
  const refused = await c.act({
    type: 'move',
    gameId: game.game.gameId,
    expect: 0,
    move: { kind: 'foundation', from: 0 },
    rid: 'm-2',
  });
  expect(refused).toMatchObject({ type: 'error', code: 'illegal-move', rid: 'm-2' });
  const acked = await c.act({ type: 'move', gameId: game.game.gameId, expect: 0, move: { kind: 'deal' }, rid: 'm-3' });
  expect(acked).toMatchObject({ type: 'ack', seq: 1, rid: 'm-3' });
  c.send({ type: 'teleport', rid: 'bad-4' });
  expect(await c.next('error')).toMatchObject({ code: 'bad-message', rid: 'bad-4' });
  c.send({ type: 'ping', id: 5, rid: 'has a space' });
  const unpaired = await c.next('error');
  expect(unpaired).toMatchObject({ code: 'bad-message', ref: 'ping' });
  expect(unpaired).not.toHaveProperty('rid');
  c.send({ type: 'ping', id: 6 });
  expect(await c.next('pong')).not.toHaveProperty('rid');
  await c.close();
});

test('room frames keep their order: a join and a leave sent together leave the player out', async () => {
  const host = await TestClient.connect(server.wsUrl, (await signUp(server.url, 'Orderly Host')).cookie);
  host.send({
    type: 'room-create',
    variant: 'scorpion',
    options: { foundations: false, open: false },
    timeLimit: 0,
    winnableOnly: false,
  });
  const { code } = (await host.next('room')).room;
  const c = await TestClient.connect(server.wsUrl, cookie);
  c.send({ type: 'room-join', code });
  c.send({ type: 'room-leave', code });
  const me = c.welcome.player.id;
  // Taken the other way round, the leave would be refused (not-in-room) and the join would stand.
  await c.next('room', (r) => !r.room.members.some((m) => m.id === me));
  expect(c.frames.filter((f) => f.includes('"error"'))).toEqual([]);
  expect(await server.app.repos.rooms.members(code)).not.toContain(me);
  await Promise.all([host.close(), c.close()]);
});

describe('the connection itself is refused or closed', () => {
  test('frames over 4 KiB close with 1009', async () => {
    const c = await TestClient.connect(server.wsUrl, cookie);
    c.send({ type: 'ping', id: 1, pad: 'x'.repeat(5000) });
    expect((await c.closed).code).toBe(1009);
  });

  test('binary frames close with 1003', async () => {
    const c = await TestClient.connect(server.wsUrl, cookie);
    c.sendRaw(Buffer.from('{"type":"ping","id":1}'));
    expect((await c.closed).code).toBe(1003);
  });

  test('a flood is refused, then closed with 1008', async () => {
    // A player of its own: the budget is the player's, and Edgar's tests below need theirs.
    const c = await TestClient.connect(server.wsUrl, (await signUp(server.url, 'Flooder')).cookie);
    for (let i = 0; i < 200; i++) c.send({ type: 'ping', id: i });
    expect(await c.next('error', (e) => e.code === 'rate-limited')).toBeTruthy();
    expect((await c.closed).code).toBe(1008);
    const pongs = c.frames.filter((f) => f.includes('"pong"')).length;
    expect(pongs).toBeLessThanOrEqual(41);
  });

  test('a foreign Origin closes with 1008; our own origin is welcome', async () => {
    const foreign = new TestClient(server.wsUrl, cookie, { origin: 'https://evil.example' });
    expect((await foreign.closed).code).toBe(1008);
    expect(foreign.frames).toEqual([]);
    const own = new TestClient(server.wsUrl, cookie, { origin: server.url });
    expect(await own.next('welcome')).toBeTruthy();
    await own.close();
  });

  test('no identity, or a forged one, gets unauthorized and 1008', async () => {
    const none = new TestClient(server.wsUrl, undefined);
    expect(await none.next('error')).toMatchObject({ code: 'unauthorized' });
    expect((await none.closed).code).toBe(1008);
    const [name, value] = cookie.split('=') as [string, string];
    const forged = new TestClient(server.wsUrl, `${name}=${value.slice(0, -3)}abc`);
    expect(await forged.next('error')).toMatchObject({ code: 'unauthorized' });
    expect((await forged.closed).code).toBe(1008);
  });

  test('a connection that stops answering pings is dropped; a live one stays', async () => {
    const dead = new TestClient(server.wsUrl, cookie, { autoPong: false });
    const live = await TestClient.connect(server.wsUrl, cookie);
    await dead.next('welcome');
    const closed = await dead.closed;
    expect(closed.code).toBe(1006);
    live.send({ type: 'ping', id: 9 });
    expect(await live.next('pong')).toMatchObject({ id: 9 });
    await live.close();
  });
});

describe('REST input is validated', () => {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}, method = 'POST') =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, body: ApiError.or(PlayerResponse).parse(await r.json()) }));

  test('nicknames', async () => {
    expect(await post('/api/players', { nickname: 'x' })).toMatchObject({
      status: 400,
      body: { error: 'nickname-invalid' },
    });
    expect(await post('/api/players', { nickname: 'Ad min' })).toMatchObject({ status: 400 });
    expect(await post('/api/players', { nickname: 'a\u202Eb' })).toMatchObject({ status: 400 });
    expect(await post('/api/players', { nickname: 'eDGAR' })).toMatchObject({
      status: 409,
      body: { error: 'nickname-taken' },
    });
    expect(await post('/api/players', { nickname: 'ok', admin: true })).toMatchObject({
      status: 400,
      body: { error: 'bad-message' },
    });
    expect(await post('/api/me', { nickname: 'New Name' }, {}, 'PATCH')).toMatchObject({ status: 401 });
    expect(await post('/api/me', { nickname: 'Edgar 2' }, { cookie }, 'PATCH')).toMatchObject({ status: 200 });
  });

  test('query parameters', async () => {
    for (const path of [
      '/api/leaderboards/daily?pageSize=1000',
      '/api/leaderboards/daily?date=yesterday',
      '/api/leaderboards/daily?page=0',
      '/api/leaderboards/daily?sort=name',
      '/api/leaderboards/all-time?board=richest',
      '/api/head-to-head?a=x',
    ]) {
      expect((await getJson(`${server.url}${path}`, ApiError)).status, path).toBe(400);
    }
    expect((await getJson(`${server.url}/api/nothing`, ApiError)).status).toBe(404);
    expect((await getJson(`${server.url}/api/rooms/lower1`, ApiError)).status).toBe(400);
  });
});
