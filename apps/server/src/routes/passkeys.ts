import {
  PasskeyRegistrationBody,
  PasskeySignInBody,
  PasskeysResponse,
  SignedInResponse,
  WebAuthnOptions,
} from '@scorpion/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { playerOf } from '../identity/cookie.ts';
import { signInDevice } from './devices.ts';
import { fail } from './reply.ts';
import { refusals, zodRoutes } from './schema.ts';

const PasskeyParams = z.strictObject({ id: z.string() });

const NOT_VERIFIED = 'The passkey could not be checked: try again.';

/** Adding, listing and removing a player's passkeys, and signing any device in with one. */
export async function passkeyRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const { passkeys, repos } = app;
  const listed = { response: { 200: PasskeysResponse, ...refusals } };
  const options = { response: { 200: WebAuthnOptions, ...refusals } };

  app.get('/api/passkeys', { schema: listed }, async (request, reply) => {
    const player = await playerOf(request, repos.players);
    if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
    const body: PasskeysResponse = { passkeys: await passkeys.list(player.id) };
    return body;
  });

  app.post('/api/passkeys/options', { schema: options }, async (request, reply) => {
    const player = await playerOf(request, repos.players);
    if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
    // WebAuthn's options travel whole: the schema names the challenge and lets the rest through.
    return { ...(await passkeys.registrationOptions(player)) };
  });

  app.post(
    '/api/passkeys',
    { schema: { body: PasskeyRegistrationBody, response: { 201: PasskeysResponse, ...refusals } } },
    async (request, reply) => {
      const player = await playerOf(request, repos.players);
      if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
      const added = await passkeys.register(
        player,
        request.body,
        request.headers.origin,
        request.headers['user-agent'],
      );
      if (!added) return fail(reply, 400, 'passkey-invalid', NOT_VERIFIED);
      const response: PasskeysResponse = { passkeys: await passkeys.list(player.id) };
      return reply.code(201).send(response);
    },
  );

  app.delete('/api/passkeys/:id', { schema: { params: PasskeyParams, ...listed } }, async (request, reply) => {
    const player = await playerOf(request, repos.players);
    if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
    if (!(await passkeys.remove(player.id, request.params.id)))
      return fail(reply, 404, 'not-found', 'No such passkey of yours.');
    const response: PasskeysResponse = { passkeys: await passkeys.list(player.id) };
    return response;
  });

  app.post('/api/passkeys/sign-in/options', { onRequest: app.limits.passkeySignIn, schema: options }, async () => ({
    ...(await passkeys.signInOptions()),
  }));

  app.post(
    '/api/passkeys/sign-in',
    {
      onRequest: app.limits.passkeySignIn,
      schema: { body: PasskeySignInBody, response: { 200: SignedInResponse, ...refusals } },
    },
    async (request, reply) => {
      const playerId = await passkeys.signIn(request.body, request.headers.origin);
      const signedIn = playerId && (await signInDevice(app, request, reply, playerId));
      if (!signedIn) return fail(reply, 400, 'passkey-invalid', NOT_VERIFIED);
      return signedIn;
    },
  );
}
