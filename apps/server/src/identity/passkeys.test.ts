import { afterAll, beforeAll, expect, test } from 'vitest';
import { SoftAuthenticator } from '../test/authenticator.ts';
import { TestDevice } from '../test/device.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { CHALLENGE_MS } from './passkeys.ts';

const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0';

let server: RunningServer;
let origin: string;
let clock = 1_000_000;
beforeAll(async () => {
  server = await startServer({ now: () => clock });
  // Passkeys need a domain, not an address: the page is at localhost, as in a browser.
  origin = server.url.replace('127.0.0.1', 'localhost');
});
afterAll(() => server.close());

const device = (userAgent = LAPTOP, at = origin) => new TestDevice(server.url, { origin: at, userAgent });

async function signUp(nickname: string): Promise<TestDevice> {
  const laptop = device();
  expect((await laptop.call('POST', '/api/players', { nickname })).status).toBe(201);
  return laptop;
}

async function addPasskey(laptop: TestDevice, authenticator: SoftAuthenticator) {
  const options = await laptop.call('POST', '/api/passkeys/options');
  expect(options.status).toBe(200);
  return laptop.call('POST', '/api/passkeys', { response: authenticator.create(options.body, origin) });
}

async function signInWith(phone: TestDevice, authenticator: SoftAuthenticator) {
  const options = await phone.call('POST', '/api/passkeys/sign-in/options');
  expect(options.status).toBe(200);
  const response = authenticator.get(options.body, origin);
  return { answer: await phone.call('POST', '/api/passkeys/sign-in', { response }), response };
}

test('a passkey added on one device signs a fresh one in as the same player, without a name typed; the signature is good once', async () => {
  const laptop = await signUp('Passkey Ann');
  const ann = (await laptop.me())!;
  const authenticator = new SoftAuthenticator();
  const added = await addPasskey(laptop, authenticator);
  expect(added).toMatchObject({ status: 201, body: { passkeys: [{ label: 'Chrome on Linux', lastUsedAt: null }] } });

  // A fresh cookie jar: nobody, until the passkey signs.
  const phone = device(PHONE);
  expect(await phone.me()).toBeNull();
  clock += 5_000;
  const { answer, response } = await signInWith(phone, authenticator);
  expect(answer).toStrictEqual({ status: 200, body: { player: ann } });
  expect(await phone.me()).toStrictEqual(ann);
  const devices = (await phone.call('GET', '/api/devices')).body.devices;
  expect(devices.map((d: { label: string; current: boolean }) => [d.label, d.current])).toStrictEqual([
    ['Firefox on Android', true],
    ['Chrome on Linux', false],
  ]);
  expect((await laptop.call('GET', '/api/passkeys')).body.passkeys[0].lastUsedAt).toBe(clock);

  // The same signed challenge again, from another jar: its challenge is gone.
  const thief = device();
  expect(await thief.call('POST', '/api/passkeys/sign-in', { response })).toMatchObject({
    status: 400,
    body: { error: 'passkey-invalid' },
  });
  expect(await thief.me()).toBeNull();
});

test('several passkeys per player; a removed one signs nobody in, and only its owner removes it', async () => {
  const laptop = await signUp('Two Keys');
  const first = new SoftAuthenticator();
  const second = new SoftAuthenticator();
  await addPasskey(laptop, first);
  // Listed the oldest first: the first passkey is the first one listed.
  clock += 1;
  expect((await addPasskey(laptop, second)).body.passkeys).toHaveLength(2);
  const [one] = (await laptop.call('GET', '/api/passkeys')).body.passkeys;

  const other = await signUp('Not Owner');
  expect((await other.call('DELETE', `/api/passkeys/${one.id}`)).status).toBe(404);
  expect((await laptop.call('DELETE', `/api/passkeys/${one.id}`)).body.passkeys).toHaveLength(1);
  expect((await signInWith(device(), first)).answer).toMatchObject({ status: 400, body: { error: 'passkey-invalid' } });
  expect((await signInWith(device(), second)).answer.status).toBe(200);
});

test('a challenge expires, serves one ceremony only, and a page on another site cannot use it', async () => {
  const laptop = await signUp('Careful Cat');
  const authenticator = new SoftAuthenticator();
  // Registration: a challenge made for another player does not register a passkey here.
  const other = await signUp('Other Owl');
  const theirs = (await other.call('POST', '/api/passkeys/options')).body;
  const refused = await laptop.call('POST', '/api/passkeys', { response: authenticator.create(theirs, origin) });
  expect(refused).toMatchObject({ status: 400, body: { error: 'passkey-invalid' } });
  expect((await laptop.call('GET', '/api/passkeys')).body.passkeys).toStrictEqual([]);
  expect((await addPasskey(laptop, authenticator)).status).toBe(201);

  // Sign-in: past CHALLENGE_MS the challenge is refused.
  const phone = device();
  const options = (await phone.call('POST', '/api/passkeys/sign-in/options')).body;
  clock += CHALLENGE_MS;
  const late = await phone.call('POST', '/api/passkeys/sign-in', { response: authenticator.get(options, origin) });
  expect(late).toMatchObject({ status: 400, body: { error: 'passkey-invalid' } });

  // Another site's page: the browser writes its origin into what the authenticator signs.
  const elsewhere = 'https://evil.example';
  const phished = (await phone.call('POST', '/api/passkeys/sign-in/options')).body;
  const answer = await device(LAPTOP, elsewhere).call('POST', '/api/passkeys/sign-in', {
    response: authenticator.get(phished, elsewhere),
  });
  expect(answer).toMatchObject({ status: 400, body: { error: 'passkey-invalid' } });
  expect(await phone.me()).toBeNull();
});

test('passkey routes need a player where they should, and refuse a malformed response', async () => {
  const nobody = device();
  for (const [method, path] of [
    ['GET', '/api/passkeys'],
    ['POST', '/api/passkeys/options'],
    ['DELETE', '/api/passkeys/x'],
  ] as const) {
    expect((await nobody.call(method, path)).status, path).toBe(401);
  }
  expect(await nobody.call('POST', '/api/passkeys/sign-in', { response: { id: 'x' } })).toMatchObject({
    status: 400,
    body: { error: 'bad-message' },
  });
});

test('with WEBAUTHN_ORIGINS set, only those pages may use a passkey, even under the RP id', async () => {
  const pinned = 'https://play.scorpion.test';
  const pinnedServer = await startServer({ now: () => clock, webauthn: { rpId: 'scorpion.test', origins: [pinned] } });
  try {
    const at = (page: string) => new TestDevice(pinnedServer.url, { origin: page, userAgent: LAPTOP });
    const laptop = at(pinned);
    expect((await laptop.call('POST', '/api/players', { nickname: 'Pinned Pat' })).status).toBe(201);
    const authenticator = new SoftAuthenticator();
    const options = (await laptop.call('POST', '/api/passkeys/options')).body;
    expect(options.rp).toStrictEqual({ id: 'scorpion.test', name: 'Scorpion Race' });
    expect(
      (await laptop.call('POST', '/api/passkeys', { response: authenticator.create(options, pinned) })).status,
    ).toBe(201);
    // Another page under the same domain: the browser would let it ask, the server does not.
    const sibling = 'https://old.scorpion.test';
    const refused = await at(sibling).call('POST', '/api/passkeys/sign-in', {
      response: authenticator.get((await at(sibling).call('POST', '/api/passkeys/sign-in/options')).body, sibling),
    });
    expect(refused).toMatchObject({ status: 400, body: { error: 'passkey-invalid' } });
    const phone = at(pinned);
    const signOptions = (await phone.call('POST', '/api/passkeys/sign-in/options')).body;
    expect(
      (await phone.call('POST', '/api/passkeys/sign-in', { response: authenticator.get(signOptions, pinned) })).status,
    ).toBe(200);
    expect((await phone.me())?.nickname).toBe('Pinned Pat');
  } finally {
    await pinnedServer.close();
  }
});
