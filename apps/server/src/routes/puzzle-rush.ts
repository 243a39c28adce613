import { RushAnswer, RushBoard, RushHome, RushMoveBody, RushPlaying, RushRun } from '@scorpion/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { playerOf } from '../identity/cookie.ts';
import type { Answer } from '../refusal.ts';
import { refusalReply } from '../refusal-edge.ts';
import { fail } from './reply.ts';
import { refusals, zodRoutes } from './schema.ts';

const Params = z.strictObject({ id: z.string().min(1).max(64) });

/**
 * Puzzle rush (`puzzles/rush.ts`): the caller's best and run in play, a new run, a run as it
 * stands, a move in it. Every answer is the player's own; right moves leave only with a run over.
 */
export async function puzzleRushRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const answer = <T>(reply: FastifyReply, result: Answer<T>) => {
    if (result.ok) return result.value;
    // A move the rules refuse is the request's fault here, as for rated puzzles.
    return refusalReply(reply, result, result.code === 'illegal-move' ? 400 : undefined);
  };

  app.get('/api/puzzles/rush', { schema: { response: { 200: RushHome, ...refusals } } }, async (request, reply) => {
    const player = await playerOf(request, app.repos.players);
    if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
    return app.puzzleRush.home(player.id);
  });

  app.post('/api/puzzles/rush', { schema: { response: { 200: RushPlaying, ...refusals } } }, async (request, reply) => {
    const player = await playerOf(request, app.repos.players);
    if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
    return answer(reply, await app.puzzleRush.start(player.id));
  });

  app.get('/api/puzzles/rush/board', { schema: { response: { 200: RushBoard, ...refusals } } }, async (request) => {
    const player = await playerOf(request, app.repos.players);
    return app.puzzleRush.board(player?.id);
  });

  app.get(
    '/api/puzzles/rush/:id',
    { schema: { params: Params, response: { 200: RushRun, ...refusals } } },
    async (request, reply) => {
      const player = await playerOf(request, app.repos.players);
      if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
      return answer(reply, await app.puzzleRush.run(player.id, request.params.id));
    },
  );

  app.post(
    '/api/puzzles/rush/:id/move',
    { schema: { params: Params, body: RushMoveBody, response: { 200: RushAnswer, ...refusals } } },
    async (request, reply) => {
      const player = await playerOf(request, app.repos.players);
      if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
      const { index, step, move } = request.body;
      return answer(reply, await app.puzzleRush.move(player.id, request.params.id, index, step, move));
    },
  );
}
