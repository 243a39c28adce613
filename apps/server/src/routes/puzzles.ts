import { PuzzleAnswer, PuzzleMoveBody, PuzzleView } from '@scorpion/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { playerOf } from '../identity/cookie.ts';
import type { Answer } from '../refusal.ts';
import { refusalReply } from '../refusal-edge.ts';
import { fail } from './reply.ts';
import { refusals, zodRoutes } from './schema.ts';

const Params = z.strictObject({ id: z.string().min(1).max(64) });

/**
 * Rated puzzles (`puzzles/service.ts`): the caller's next puzzle, a move in it, giving it up.
 * Every answer is the player's own; a puzzle's line leaves only in the answer that ends it.
 */
export async function puzzleRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const answer = <T>(reply: FastifyReply, result: Answer<T>) => {
    if (result.ok) return result.value;
    // A move the rules refuse is the request's fault here (a socket's game answers it otherwise).
    return refusalReply(reply, result, result.code === 'illegal-move' ? 400 : undefined);
  };

  app.get('/api/puzzles/next', { schema: { response: { 200: PuzzleView, ...refusals } } }, async (request, reply) => {
    const player = await playerOf(request, app.repos.players);
    if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
    return answer(reply, await app.puzzles.next(player.id));
  });

  app.post(
    '/api/puzzles/attempts/:id/move',
    { schema: { params: Params, body: PuzzleMoveBody, response: { 200: PuzzleAnswer, ...refusals } } },
    async (request, reply) => {
      const player = await playerOf(request, app.repos.players);
      if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
      const { step, move } = request.body;
      return answer(reply, await app.puzzles.move(player.id, request.params.id, step, move));
    },
  );

  app.post(
    '/api/puzzles/attempts/:id/give-up',
    { schema: { params: Params, response: { 200: PuzzleAnswer, ...refusals } } },
    async (request, reply) => {
      const player = await playerOf(request, app.repos.players);
      if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
      return answer(reply, await app.puzzles.giveUp(player.id, request.params.id));
    },
  );
}
