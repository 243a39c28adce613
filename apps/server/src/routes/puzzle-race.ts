import { PuzzleRaceAnswer, PuzzleRaceCode, PuzzleRaceMoveBody, PuzzleRaceState } from '@scorpion/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { playerOf } from '../identity/cookie.ts';
import type { Answer } from '../refusal.ts';
import { refusalReply } from '../refusal-edge.ts';
import { RateLimited } from './errors.ts';
import { fail } from './reply.ts';
import { refusals, zodRoutes } from './schema.ts';

const Params = z.strictObject({ code: PuzzleRaceCode });

/**
 * Puzzle races (`puzzles/race.ts`): made, read (pages poll it about once a second), joined,
 * started, moved in, and raced again. Each answer is the race as its caller sees it.
 */
export async function puzzleRaceRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const answer = <T>(reply: FastifyReply, result: Answer<T>) => {
    if (result.ok) return result.value;
    // A move the rules refuse is the request's fault, as for rush; an unknown race is not found.
    const status = result.code === 'illegal-move' ? 400 : result.code === 'no-such-room' ? 404 : undefined;
    return refusalReply(reply, result, status);
  };
  /** `act` for the caller's player; 401 without one (a newcomer's page makes them a guest first). */
  const asPlayer = async <T>(request: FastifyRequest, reply: FastifyReply, act: (id: string) => Promise<Answer<T>>) => {
    const player = await playerOf(request, app.repos.players);
    if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
    return answer(reply, await act(player.id));
  };
  const state = { response: { 200: PuzzleRaceState, ...refusals } };
  const withCode = { params: Params, ...state };

  // Made and joined within the rooms' budgets: a code is not guessed by joining at machine speed.
  app.post('/api/puzzles/race', { onRequest: app.limits.puzzleRaceCreate, schema: state }, async (request, reply) => {
    return asPlayer(request, reply, (id) => app.puzzleRace.create(id));
  });

  // Polled once a second, so a read is not counted; a read of no race is, as a look-up: codes are
  // not found by reading at machine speed either.
  app.get('/api/puzzles/race/:code', { schema: withCode }, async (request, reply) => {
    const player = await playerOf(request, app.repos.players);
    const state = await app.puzzleRace.state(request.params.code, player?.id);
    const wait = !state.ok && state.code === 'no-such-room' ? await app.limits.puzzleRaceMiss(request) : 0;
    if (wait > 0) throw new RateLimited(wait, 'Too many races looked up');
    return answer(reply, state);
  });

  app.post(
    '/api/puzzles/race/:code/join',
    { onRequest: app.limits.puzzleRaceJoin, schema: withCode },
    async (request, reply) => {
      return asPlayer(request, reply, (id) => app.puzzleRace.join(request.params.code, id));
    },
  );

  app.post('/api/puzzles/race/:code/start', { schema: withCode }, async (request, reply) => {
    return asPlayer(request, reply, (id) => app.puzzleRace.start(request.params.code, id));
  });

  app.post('/api/puzzles/race/:code/again', { schema: withCode }, async (request, reply) => {
    return asPlayer(request, reply, (id) => app.puzzleRace.again(request.params.code, id));
  });

  app.post(
    '/api/puzzles/race/:code/move',
    { schema: { params: Params, body: PuzzleRaceMoveBody, response: { 200: PuzzleRaceAnswer, ...refusals } } },
    async (request, reply) => {
      const { index, step, move } = request.body;
      return asPlayer(request, reply, (id) => app.puzzleRace.move(request.params.code, id, index, step, move));
    },
  );
}
