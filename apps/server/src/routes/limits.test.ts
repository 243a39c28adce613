import { ApiError, type ServerMessage } from '@scorpion/protocol';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, TestClient } from '../test/client.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { deviceCookie } from '../test/http.ts';

const HOUR = 3_600_000;

/** A real request over HTTP; a refusal must be exactly an `ApiError`. */
async function call(url: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await response.json()) as unknown;
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: response.status >= 400 ? ApiError.parse(body) : body,
  };
}

/** A 429 whose `Retry-After` header and `retryAfter` field agree, within the hour's window. */
function expectRateLimited(answer: Awaited<ReturnType<typeof call>>) {
  expect(answer).toMatchObject({
    status: 429,
    body: { error: 'rate-limited', message: expect.stringContaining('try again') },
  });
  const { retryAfter } = answer.body as ApiError;
  expect(answer.retryAfter).toBe(String(retryAfter));
  expect(retryAfter).toBeGreaterThan(3000);
  expect(retryAfter).toBeLessThanOrEqual(3600);
}

const LIMITS = {
  signup: { max: 3, windowMs: HOUR },
  rename: { max: 2, windowMs: HOUR },
  roomCreate: { max: 2, windowMs: HOUR },
  roomLookup: { max: 3, windowMs: HOUR },
  boards: { max: 4, windowMs: HOUR },
  queueJoin: { max: 2, windowMs: HOUR },
};

describe('REST limits', () => {
  let server: RunningServer;
  let ann: string;
  let ben: string;
  beforeAll(async () => {
    server = await startServer({ limits: LIMITS });
    ann = (await signUp(server.url, 'Ann')).cookie;
    ben = (await signUp(server.url, 'Ben')).cookie;
  });
  afterAll(() => server.close());

  test('signups, per address: players created count, mistakes do not; past the limit a 429 and nobody created; a forged X-Forwarded-For changes nothing', async () => {
    const post = (nickname: string, headers: Record<string, string> = {}) =>
      call(`${server.url}/api/players`, { method: 'POST', body: { nickname }, headers });
    // A nickname that is none, or one taken (in any case), as often as the whole budget: none spends any of it.
    for (let i = 0; i < LIMITS.signup.max; i++) {
      expect(await post('!')).toMatchObject({ status: 400, body: { error: 'nickname-invalid' } });
      expect(await post('ANN')).toMatchObject({ status: 409, body: { error: 'nickname-taken' } });
    }
    // Ann and Ben took two of three: of four signups at once, exactly one is let through.
    const answers = await Promise.all(['Cid', 'Dot', 'Eve', 'Fay'].map((nickname) => post(nickname)));
    const created = answers.filter((a) => a.status === 201);
    expect(created).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 201)) expectRateLimited(refused);
    expectRateLimited(await post('Gus', { 'x-forwarded-for': '198.51.100.7' }));
    // Nobody refused was created.
    const db = new Database(server.databasePath, { readonly: true });
    try {
      expect(db.prepare('SELECT nickname FROM players ORDER BY nickname').all()).toEqual([
        { nickname: 'Ann' },
        { nickname: 'Ben' },
        { nickname: (created[0]!.body as { player: { nickname: string } }).player.nickname },
      ]);
    } finally {
      db.close();
    }
  });

  test('renames, per player: one player at the limit does not hold back another at the same address', async () => {
    const rename = (cookie: string, nickname: string) =>
      call(`${server.url}/api/me`, { method: 'PATCH', body: { nickname }, headers: { cookie } });
    expect((await rename(ann, 'Ann 2')).status).toBe(200);
    expect((await rename(ann, 'Ann 3')).status).toBe(200);
    expectRateLimited(await rename(ann, 'Ann 4'));
    expect((await rename(ben, 'Ben 2')).body).toEqual({ player: expect.objectContaining({ nickname: 'Ben 2' }) });
    expect((await call(`${server.url}/api/me`, { headers: { cookie: ann } })).body).toMatchObject({
      player: { nickname: 'Ann 3' },
    });
  });

  test('room look-ups by code, per address: a prober is stopped after a few codes', async () => {
    for (const code of ['AAAAAA', 'BBBBBB', 'CCCCCC']) {
      expect((await call(`${server.url}/api/rooms/${code}`)).body).toMatchObject({ error: 'no-such-room' });
    }
    expectRateLimited(await call(`${server.url}/api/rooms/DDDDDD/races`));
    expectRateLimited(await call(`${server.url}/api/rooms/EEEEEE`, { headers: { cookie: ben } }));
  });

  test('leaderboard reads, per address: one budget over every board', async () => {
    for (const path of ['daily', 'daily/times', 'all-time', 'daily?page=2']) {
      expect((await call(`${server.url}/api/leaderboards/${path}`)).status).toBe(200);
    }
    expectRateLimited(await call(`${server.url}/api/leaderboards/all-time?board=streak`));
    expectRateLimited(await call(`${server.url}/api/head-to-head?a=x&b=y`));
    // The other routes are not held back by it.
    expect((await call(`${server.url}/api/daily`)).status).toBe(200);
  });

  test("room creation and look-ups over the socket, per player: refused with rate-limited, another player's untouched", async () => {
    const a = await TestClient.connect(server.wsUrl, ann);
    const create = {
      type: 'room-create',
      variant: 'scorpion',
      options: { foundations: false, open: false },
      timeLimit: 0,
      winnableOnly: false,
    } as const;
    const codes: string[] = [];
    for (let i = 0; i < 2; i++) {
      a.send(create);
      codes.push((await a.next('room')).room.code);
    }
    a.send(create);
    expect(await a.next('error')).toMatchObject({ code: 'rate-limited', ref: 'room-create' });
    expect(await server.app.repos.rooms.roomsOf(a.welcome.player.id)).toHaveLength(2);

    const b = await TestClient.connect(server.wsUrl, ben);
    b.send(create);
    const benRoom = (await b.next('room')).room.code;
    const answers = [];
    for (const code of [...codes, 'ZZZZZZ']) {
      b.send({ type: 'room-join', code });
      const answer = (f: ServerMessage) =>
        (f.type === 'room' && f.room.code === code) || (f.type === 'error' && f.ref === 'room-join');
      answers.push(await b.nextMatching(answer, 'room or error'));
    }
    expect(answers.map((f) => (f.type === 'error' ? f.code : f.type))).toEqual(['room', 'room', 'no-such-room']);
    b.send({ type: 'room-join', code: 'YYYYYY' });
    expect(await b.next('error', (e) => e.ref === 'room-join')).toMatchObject({ code: 'rate-limited' });
    // Past the budget, coming back to his own rooms (as every reconnection does) still works:
    // a member's join looks nothing up, however often it comes.
    for (const code of [benRoom, ...codes, benRoom, benRoom]) {
      b.send({ type: 'room-join', code });
      expect((await b.next('room', (f) => f.room.code === code)).room.code).toBe(code);
    }
    b.send({ type: 'room-join', code: 'XXXXXX' });
    expect(await b.next('error', (e) => e.ref === 'room-join')).toMatchObject({ code: 'rate-limited' });
    await Promise.all([a.close(), b.close()]);
  });

  test('quick-race joins over the socket, per player: refused with rate-limited, the entry kept', async () => {
    const a = await TestClient.connect(server.wsUrl, ann);
    const join = { type: 'queue-join', variant: 'scorpion', options: { foundations: false, open: false } } as const;
    const entries: string[] = [];
    for (let i = 0; i < 2; i++) {
      a.send(join);
      entries.push((await a.next('queue', (f) => f.status === 'waiting')).entryId);
    }
    a.send(join);
    expect(await a.next('error', (e) => e.ref === 'queue-join')).toMatchObject({ code: 'rate-limited' });
    expect((await server.app.queue.waiting()).map((e) => e.entryId)).toStrictEqual([entries[1]]);
    await a.close();
  });
});

test('behind a trusted proxy, each forwarded address has its own budget', async () => {
  const server = await startServer({ trustProxy: true, limits: { signup: { max: 1, windowMs: HOUR } } });
  try {
    const from = (address: string, nickname: string) =>
      call(`${server.url}/api/players`, {
        method: 'POST',
        body: { nickname },
        headers: { 'x-forwarded-for': address },
      });
    expect((await from('203.0.113.1', 'Fay')).status).toBe(201);
    expectRateLimited(await from('203.0.113.1', 'Gus'));
    expect((await from('203.0.113.2', 'Gus')).status).toBe(201);
    // An IPv6 address counts by its /64: the next address in it is the same client.
    expect((await from('2001:db8::1', 'Hal')).status).toBe(201);
    expectRateLimited(await from('2001:db8::2', 'Ida'));
  } finally {
    await server.close();
  }
});

test('signups, per device: people behind one address each have their own budget, up to the address ceiling', async () => {
  const server = await startServer({
    trustProxy: true,
    limits: { signup: { max: 2, windowMs: HOUR }, signupAddress: { max: 5, windowMs: HOUR } },
  });
  try {
    const from = (device: string, nickname: string, address = '203.0.113.9') =>
      call(`${server.url}/api/players`, {
        method: 'POST',
        body: { nickname },
        headers: { cookie: device, 'x-forwarded-for': address },
      });
    const [parent, child, guest] = [
      await deviceCookie(server.url),
      await deviceCookie(server.url),
      await deviceCookie(server.url),
    ];
    // A device past its own budget is told so; the others at the same address are not held back.
    expect((await from(parent, 'Pa')).status).toBe(201);
    expect((await from(parent, 'Pa Again')).status).toBe(201);
    const spent = await from(parent, 'Pa Thrice');
    expectRateLimited(spent);
    expect((spent.body as ApiError).message).toMatch(/^Too many new players from this device: try again in/);
    expect((await from(child, 'Kid')).status).toBe(201);
    expect((await from(child, 'Kid Again')).status).toBe(201);
    // The address's ceiling (5 here) holds every device behind it together.
    expect((await from(guest, 'Visitor')).status).toBe(201);
    const ceiling = await from(guest, 'Visitor Two');
    expectRateLimited(ceiling);
    expect((ceiling.body as ApiError).message).toMatch(/^Too many new players from this network address/);
    // Another address is another ceiling.
    expect((await from(await deviceCookie(server.url), 'Elsewhere', '198.51.100.3')).status).toBe(201);
  } finally {
    await server.close();
  }
});
