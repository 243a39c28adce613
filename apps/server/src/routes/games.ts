import { HintAnswer, HintBody, PublicGame } from '@scorpion/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { publicGame } from '../games/public-game.ts';
import { playerOf } from '../identity/cookie.ts';
import { refusalReply } from '../refusal-edge.ts';
import { fail } from './reply.ts';
import { refusals, zodRoutes } from './schema.ts';

const Params = z.strictObject({ id: z.string().min(1).max(64) });

/**
 * A finished, public game: its record (the CLI's format) and every action, to replay it. A hint
 * in one of the caller's practice games in play.
 */
export async function gameRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  app.get(
    '/api/games/:id',
    { schema: { params: Params, response: { 200: PublicGame, ...refusals } } },
    async (request, reply) => {
      const params = request.params;
      const game = await publicGame(app.games, app.repos, params.id);
      if (game === 'no-such-game') return fail(reply, 404, 'no-such-game', 'There is no such game.');
      if (game === 'not-public') {
        return fail(reply, 403, 'not-public', 'This game becomes public when it is over (a daily: when its day is).');
      }
      return game;
    },
  );

  app.post(
    '/api/games/:id/hint',
    {
      onRequest: app.limits.hint,
      schema: { params: Params, body: HintBody, response: { 200: HintAnswer, ...refusals } },
    },
    async (request, reply) => {
      const player = await playerOf(request, app.repos.players);
      if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
      const params = request.params;
      const body = request.body;
      const answer = await app.hints.hint(player.id, params.id, body.seq);
      if (answer.ok) return answer.value;
      return refusalReply(reply, answer, answer.code === 'solver-unavailable' ? 503 : undefined);
    },
  );
}
