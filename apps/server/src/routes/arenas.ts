import {
  ArenaCreate,
  ArenaHistory,
  ArenaList,
  ArenaPage,
  ArenaParams,
  ArenaSummary,
  ArenaTable,
  ArenaTableQuery,
  ProfileParams,
} from '@scorpion/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { playerOf } from '../identity/cookie.ts';
import { nicknameKey } from '../identity/nickname.ts';
import type { Answer } from '../refusal.ts';
import { refusalReply } from '../refusal-edge.ts';
import { fail } from './reply.ts';
import { refusals, zodRoutes } from './schema.ts';

function answer<T>(reply: FastifyReply, a: Answer<T>, status = 200) {
  return a.ok ? reply.code(status).send(a.value) : refusalReply(reply, a);
}

/** Arenas (issue #35): the schedule, a private arena made, an arena's page and table, a player's arenas. */
export async function arenaRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const { arenaPages, repos } = app;

  app.get(
    '/api/arenas',
    { onRequest: app.limits.boards, schema: { response: { 200: ArenaList, ...refusals } } },
    async () => arenaPages.list(),
  );

  app.post(
    '/api/arenas',
    { onRequest: app.limits.boards, schema: { body: ArenaCreate, response: { 201: ArenaSummary, ...refusals } } },
    async (request, reply) => {
      const player = await playerOf(request, repos.players);
      if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
      const body = request.body;
      return answer(reply, await arenaPages.create(player.id, body), 201);
    },
  );

  app.get(
    '/api/arenas/:id',
    { onRequest: app.limits.boards, schema: { params: ArenaParams, response: { 200: ArenaPage, ...refusals } } },
    async (request, reply) => {
      const params = request.params;
      return answer(reply, await arenaPages.page(params.id));
    },
  );

  app.get(
    '/api/arenas/:id/table',
    {
      onRequest: app.limits.boards,
      schema: { params: ArenaParams, querystring: ArenaTableQuery, response: { 200: ArenaTable, ...refusals } },
    },
    async (request, reply) => {
      const params = request.params;
      const query = request.query;
      return answer(reply, await arenaPages.table(params.id, query.page, query.pageSize));
    },
  );

  app.get(
    '/api/players/:nickname/arenas',
    { onRequest: app.limits.boards, schema: { params: ProfileParams, response: { 200: ArenaHistory, ...refusals } } },
    async (request, reply) => {
      const params = request.params;
      const player = await repos.players.byNicknameKey(nicknameKey(params.nickname));
      if (!player) return fail(reply, 404, 'not-found', `Nobody is called ${params.nickname}.`);
      return arenaPages.history(player.id);
    },
  );
}
