import {
  DevicesResponse,
  LinkBody,
  LinkCodeResponse,
  SignedInResponse as SignedIn,
  type SignedInResponse,
} from '@scorpion/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { clearIdentityCookie, playerOf, setIdentityCookie, tokenHashOf } from '../identity/cookie.ts';
import { fail } from './reply.ts';
import { refusals, zodRoutes } from './schema.ts';

const DeviceParams = z.strictObject({ id: z.string() });

/** Signs this device in as `playerId`, ending the session it had: the player, with the new cookie set. */
export async function signInDevice(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  playerId: string,
): Promise<SignedInResponse | undefined> {
  const player = await app.repos.players.byId(playerId);
  if (!player) return undefined;
  const token = await app.devices.signIn(playerId, request.headers['user-agent'], tokenHashOf(request));
  setIdentityCookie(reply, token);
  return { player: { id: player.id, nickname: player.nickname } };
}

/** A player's signed-in devices, signing one out, and link codes that sign another device in. */
export async function deviceRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const { devices, linkCodes, repos } = app;
  const listed = { response: { 200: DevicesResponse, ...refusals } };

  app.get('/api/devices', { schema: listed }, async (request, reply) => {
    const player = await playerOf(request, repos.players);
    if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
    const body: DevicesResponse = { devices: await devices.list(player.id, tokenHashOf(request)) };
    return body;
  });

  app.delete('/api/devices/:id', { schema: { params: DeviceParams, ...listed } }, async (request, reply) => {
    const player = await playerOf(request, repos.players);
    if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
    const removed = await devices.signOut(player.id, request.params.id);
    if (!removed) return fail(reply, 404, 'not-found', 'No such device of yours: it may be signed out already.');
    const current = removed.tokenHash === tokenHashOf(request);
    if (current) clearIdentityCookie(reply);
    const body: DevicesResponse = { devices: current ? [] : await devices.list(player.id, tokenHashOf(request)) };
    return body;
  });

  app.post(
    '/api/link-codes',
    { onRequest: app.limits.linkCode, schema: { response: { 201: LinkCodeResponse, ...refusals } } },
    async (request, reply) => {
      const player = await playerOf(request, repos.players);
      if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
      const body: LinkCodeResponse = await linkCodes.create(player.id);
      return reply.code(201).send(body);
    },
  );

  app.post(
    '/api/link',
    { onRequest: app.limits.linkTry, schema: { body: LinkBody, response: { 200: SignedIn, ...refusals } } },
    async (request, reply) => {
      const playerId = await linkCodes.redeem(request.body.code);
      const signedIn = playerId && (await signInDevice(app, request, reply, playerId));
      if (!signedIn) return fail(reply, 400, 'link-code-invalid', 'That code is wrong, used already or expired.');
      return signedIn;
    },
  );
}
