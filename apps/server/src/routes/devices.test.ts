import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LINK_CODE_MS } from '../identity/link-codes.ts';
import { SIGNED_OUT } from '../realtime/ports.ts';
import { TestClient } from '../test/client.ts';
import { TestDevice } from '../test/device.ts';
import { type RunningServer, startServer } from '../test/helper.ts';

const PHONE = 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0';
const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const TRIES = 8;

let server: RunningServer;
let clock = 5_000_000;
/** Every line the server logs, at every level: a link code must never be among them. */
let logged = '';
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  });
  server = await startServer({
    now: () => clock,
    logger: { level: 'trace', stream },
    limits: { linkTry: { max: TRIES, windowMs: 10 * 60_000 } },
  });
});
afterAll(() => server.close());

const device = (userAgent = PHONE) => new TestDevice(server.url, { userAgent });

async function signUp(nickname: string): Promise<TestDevice> {
  const laptop = device(LAPTOP);
  expect((await laptop.call('POST', '/api/players', { nickname })).status).toBe(201);
  return laptop;
}

describe('devices', () => {
  test("the settings list a player's devices; signing one out closes its sockets and its cookie signs nobody in", async () => {
    const laptop = await signUp('Many Devices');
    const many = (await laptop.me())!;
    const phone = device();
    const { code } = (await laptop.call('POST', '/api/link-codes')).body as { code: string };
    expect((await phone.call('POST', '/api/link', { code })).status).toBe(200);
    expect(await phone.me()).toStrictEqual(many);

    const listed = (await laptop.call('GET', '/api/devices')).body.devices as {
      id: string;
      label: string;
      current: boolean;
    }[];
    expect(listed.map((d) => [d.label, d.current]).sort()).toStrictEqual([
      ['Chrome on Linux', true],
      ['Firefox on Android', false],
    ]);
    const phoneSocket = await TestClient.connect(server.wsUrl, phone.cookie!);
    const laptopSocket = await TestClient.connect(server.wsUrl, laptop.cookie!);
    const phoneId = listed.find((d) => !d.current)!.id;

    const stranger = await signUp('Stranger');
    expect(await stranger.call('DELETE', `/api/devices/${phoneId}`)).toMatchObject({ status: 404 });
    const after = await laptop.call('DELETE', `/api/devices/${phoneId}`);
    expect(after.body.devices.map((d: { label: string }) => d.label)).toStrictEqual(['Chrome on Linux']);
    expect(await phoneSocket.closed).toStrictEqual({ code: SIGNED_OUT, reason: 'signed out' });
    expect(await phone.me()).toBeNull();
    // The laptop's own socket stays.
    laptopSocket.send({ type: 'ping', id: 1 });
    expect((await laptopSocket.next('pong')).id).toBe(1);

    // Signing out the device itself forgets its cookie.
    const self = listed.find((d) => d.current)!.id;
    expect(await laptop.call('DELETE', `/api/devices/${self}`)).toStrictEqual({ status: 200, body: { devices: [] } });
    expect(laptop.cookie).toBeUndefined();
    expect(await laptopSocket.closed).toMatchObject({ code: SIGNED_OUT });
  });
  test("a device signed in as someone else who links to another player leaves the first player's devices", async () => {
    const shared = await signUp('Shared Tablet');
    const owner = await signUp('Tablet Owner');
    const { code } = (await owner.call('POST', '/api/link-codes')).body as { code: string };
    const sharedCookie = shared.cookie;
    expect((await shared.call('POST', '/api/link', { code })).body.player.nickname).toBe('Tablet Owner');
    expect(await new TestDevice(server.url, { cookie: sharedCookie }).me()).toBeNull();
    const before = await new TestDevice(server.url, { cookie: sharedCookie }).call('GET', '/api/devices');
    expect(before.status).toBe(401);
    expect((await owner.call('GET', '/api/devices')).body.devices).toHaveLength(2);
  });
});

describe('link codes', () => {
  test('a code signs another device in as the same player, once; it is never logged', async () => {
    const laptop = await signUp('Linking Lou');
    const lou = await laptop.me();
    const made = await laptop.call('POST', '/api/link-codes');
    expect(made).toMatchObject({ status: 201, body: { expiresAt: clock + LINK_CODE_MS } });
    const { code } = made.body as { code: string };
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    const phone = device();
    // Typed as people type: lower case, no dash.
    const typed = code.toLowerCase().replace('-', ' ');
    expect(await phone.call('POST', '/api/link', { code: typed })).toStrictEqual({
      status: 200,
      body: { player: lou },
    });
    expect(await phone.me()).toStrictEqual(lou);
    expect(await device().call('POST', '/api/link', { code })).toMatchObject({
      status: 400,
      body: { error: 'link-code-invalid' },
    });
    expect(logged).toContain('/api/link');
    expect(logged).not.toContain(code);
    expect(logged).not.toContain(code.replace('-', ''));
    expect(logged.toLowerCase()).not.toContain(typed);
  });

  test('a code expires after 10 minutes', async () => {
    const laptop = await signUp('Slow Sam');
    const { code } = (await laptop.call('POST', '/api/link-codes')).body as { code: string };
    clock += LINK_CODE_MS;
    const phone = device();
    expect(await phone.call('POST', '/api/link', { code })).toMatchObject({
      status: 400,
      body: { error: 'link-code-invalid' },
    });
    expect(await phone.me()).toBeNull();
  });

  // Last in the file: it spends the address's tries.
  test('after too many tries from one address, even the right code is refused', async () => {
    // The window is counted from the first try: the tests before used some of it.
    const laptop = await signUp('Guarded Gus');
    const { code } = (await laptop.call('POST', '/api/link-codes')).body as { code: string };
    const guesser = device();
    let wrong = 0;
    let answer = await guesser.call('POST', '/api/link', { code: 'AAAA-AAAA' });
    while (answer.status === 400 && wrong < TRIES) {
      wrong += 1;
      answer = await guesser.call('POST', '/api/link', { code: 'AAAA-AAAA' });
    }
    // The five tries of the tests before, then these: one budget per address, right or wrong.
    expect(wrong).toBe(TRIES - 5);
    expect(answer).toMatchObject({ status: 429, body: { error: 'rate-limited' } });
    expect(await guesser.call('POST', '/api/link', { code })).toMatchObject({ status: 429 });
    expect(await guesser.me()).toBeNull();
  });

  test('nobody makes a code without a player', async () => {
    expect(await device().call('POST', '/api/link-codes')).toMatchObject({
      status: 401,
      body: { error: 'unauthorized' },
    });
  });
});
