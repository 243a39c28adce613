import { ChallengeCode, ChallengeCreateBody, ChallengeInfo, ChallengeOriginal } from '@scorpion/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { playerOf } from '../identity/cookie.ts';
import type { Answer } from '../refusal.ts';
import { refusalReply } from '../refusal-edge.ts';
import { fail } from './reply.ts';
import { refusals, zodRoutes } from './schema.ts';

const Params = z.strictObject({ code: ChallengeCode });

function answer<T>(reply: FastifyReply, a: Answer<T>, status = 200) {
  return a.ok ? reply.code(status).send(a.value) : refusalReply(reply, a);
}

/** "Beat my time": share a finished game as a link, see a link, and (once played) its original. */
export async function challengeRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const { challenges, repos } = app;

  app.post(
    '/api/challenges',
    { schema: { body: ChallengeCreateBody, response: { 201: ChallengeInfo, ...refusals } } },
    async (request, reply) => {
      const player = await playerOf(request, repos.players);
      if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
      const body = request.body;
      return answer(reply, await challenges.share(player.id, body.gameId), 201);
    },
  );

  app.get(
    '/api/challenges/:code',
    { onRequest: app.limits.roomLookup, schema: { params: Params, response: { 200: ChallengeInfo, ...refusals } } },
    async (request, reply) => {
      const params = request.params;
      const player = await playerOf(request, repos.players);
      return answer(reply, await challenges.info(params.code, player?.id));
    },
  );

  app.get(
    '/api/challenges/:code/original',
    { onRequest: app.limits.roomLookup, schema: { params: Params, response: { 200: ChallengeOriginal, ...refusals } } },
    async (request, reply) => {
      const params = request.params;
      const player = await playerOf(request, repos.players);
      return answer(reply, await challenges.original(params.code, player?.id));
    },
  );
}
