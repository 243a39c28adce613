import { PasskeyRegistrationBody, PasskeySignInBody, type PasskeysResponse } from '@scorpion/protocol';
import type { FastifyInstance } from 'fastify';
import { playerOf } from '../identity/cookie.ts';
import { signInDevice } from './devices.ts';
import { fail, parse } from './reply.ts';

const NOT_VERIFIED = 'The passkey could not be checked: try again.';

/** Adding, listing and removing a player's passkeys, and signing any device in with one. */
export async function passkeyRoutes(app: FastifyInstance) {
  const { passkeys, repos } = app;

  app.get('/api/passkeys', async (request, reply) => {
    const player = await playerOf(request, repos.players);
    if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
    const body: PasskeysResponse = { passkeys: await passkeys.list(player.id) };
    return body;
  });

  app.post('/api/passkeys/options', async (request, reply) => {
    const player = await playerOf(request, repos.players);
    if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
    return passkeys.registrationOptions(player);
  });

  app.post('/api/passkeys', async (request, reply) => {
    const player = await playerOf(request, repos.players);
    if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
    const body = parse(reply, PasskeyRegistrationBody, request.body);
    if (!body) return reply;
    const added = await passkeys.register(player, body, request.headers.origin, request.headers['user-agent']);
    if (!added) return fail(reply, 400, 'passkey-invalid', NOT_VERIFIED);
    const response: PasskeysResponse = { passkeys: await passkeys.list(player.id) };
    return reply.code(201).send(response);
  });

  app.delete<{ Params: { id: string } }>('/api/passkeys/:id', async (request, reply) => {
    const player = await playerOf(request, repos.players);
    if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
    if (!(await passkeys.remove(player.id, request.params.id)))
      return fail(reply, 404, 'not-found', 'No such passkey of yours.');
    const response: PasskeysResponse = { passkeys: await passkeys.list(player.id) };
    return response;
  });

  app.post('/api/passkeys/sign-in/options', { onRequest: app.limits.passkeySignIn }, async () =>
    passkeys.signInOptions(),
  );

  app.post('/api/passkeys/sign-in', { onRequest: app.limits.passkeySignIn }, async (request, reply) => {
    const body = parse(reply, PasskeySignInBody, request.body);
    if (!body) return reply;
    const playerId = await passkeys.signIn(body, request.headers.origin);
    const signedIn = playerId && (await signInDevice(app, request, reply, playerId));
    if (!signedIn) return fail(reply, 400, 'passkey-invalid', NOT_VERIFIED);
    return signedIn;
  });
}
