import { afterEach, expect, test } from 'vitest';
import { SocketTokens } from '../identity/socket-token.ts';
import { hashToken } from '../identity/token.ts';
import { TEST_SECRET } from '../test/helper.ts';
import { type Bare, playing } from '../test/plugins.ts';
import { UNTIMED } from '../test/room-spec.ts';
import { identityPlugin } from './identity.ts';
import { racesPlugin } from './races.ts';

/*
 * The identity plugin on a bare app with the real plugins it declares (`test/plugins.ts`): the
 * players, their devices, passkeys, link codes and socket tokens, each working on the app's
 * storage, clock and secret; a rename reaches the rooms at once.
 */

const NOON = Date.UTC(2026, 5, 1, 12);
let running: Bare | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function withIdentity(webauthn?: { rpId: string; origins: string[] }): Promise<Bare> {
  running = await playing({ now: () => NOON });
  await running.app.register(racesPlugin, {});
  await running.app.register(identityPlugin, { webauthn });
  return running;
}

test('identity: a player signed up, and a rename reaches their room at once', async () => {
  const { app } = await withIdentity();
  const signed = await app.players.create('Rhea');
  if (!signed.ok) throw new Error(signed.message);
  expect(await app.repos.players.byId(signed.player.id)).toMatchObject({ nickname: 'Rhea' });
  const room = await app.hub.create(signed.player.id, UNTIMED);
  expect(room.members.map((m) => m.nickname)).toStrictEqual(['Rhea']);
  const renamed = await app.players.rename(signed.player.id, 'Rhea Two');
  expect(renamed.ok).toBe(true);
  const joined = await app.hub.join(signed.player.id, room.code);
  expect(joined.ok && joined.value.room.members.map((m) => m.nickname)).toStrictEqual(['Rhea Two']);
  expect(await app.players.create('Rhea Two')).toMatchObject({ ok: false, code: 'nickname-taken' });
});

test("identity: devices signed in and out on the app's clock, a signed-out device's socket closed", async () => {
  const { app } = await withIdentity();
  const signed = await app.players.create('Sol');
  if (!signed.ok) throw new Error(signed.message);
  const token = await app.devices.signIn(signed.player.id, 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0');
  const devices = await app.devices.list(signed.player.id, hashToken(token));
  expect(devices).toHaveLength(2);
  const current = devices.find((d) => d.current);
  expect(current).toMatchObject({ createdAt: NOON, lastSeenAt: NOON });
  const closed: number[] = [];
  const socket = { readyState: 1, OPEN: 1, send: () => {}, close: (code: number) => closed.push(code) };
  app.connections.add(signed.player.id, socket as never, hashToken(token));
  expect(await app.devices.signOut(signed.player.id, current!.id)).toMatchObject({ tokenHash: hashToken(token) });
  expect(closed).toHaveLength(1);
  expect(await app.devices.list(signed.player.id, undefined)).toHaveLength(1);
});

test("identity: link codes redeemed once, passkeys for the relying party given, socket tokens under the app's secret", async () => {
  const { app } = await withIdentity({ rpId: 'scorpion.example', origins: ['https://scorpion.example'] });
  const signed = await app.players.create('Tova');
  if (!signed.ok) throw new Error(signed.message);
  const { code, expiresAt } = await app.linkCodes.create(signed.player.id);
  expect(expiresAt).toBeGreaterThan(NOON);
  expect(await app.linkCodes.redeem(code)).toBe(signed.player.id);
  expect(await app.linkCodes.redeem(code)).toBeUndefined();

  const player = await app.repos.players.byId(signed.player.id);
  const options = await app.passkeys.registrationOptions(player!);
  expect(options.rp.id).toBe('scorpion.example');
  expect(await app.passkeys.list(signed.player.id)).toStrictEqual([]);

  const grant = { playerId: signed.player.id, tokenHash: hashToken(signed.token), socket: 's1', device: '' };
  const made = app.socketTokens.make(grant);
  expect(new SocketTokens(TEST_SECRET, () => NOON).read(made, 's1')).toStrictEqual(grant);
  expect(app.socketTokens.read(made, 's2')).toBeUndefined();
});
