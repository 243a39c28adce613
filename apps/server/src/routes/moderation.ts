import {
  AppealBody,
  ModActionBody,
  ModLog,
  ModLogParams,
  ModNotices,
  ModQueue,
  ReportBody,
  type ReportReason,
  ReportResponse,
  type ReportSource,
} from '@scorpion/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { playerOf } from '../identity/cookie.ts';
import { refusalReply } from '../refusal-edge.ts';
import type { PlayerRow } from '../repo/types.ts';
import { fail } from './reply.ts';
import { Done, refusals, zodRoutes } from './schema.ts';

/** The log's page size. */
const LOG_PAGE = 50;
const LogQuery = z.strictObject({ page: z.coerce.number().int().min(1).max(1000).default(1) });

/**
 * Reports and appeals (any player), and the moderators' queue, actions and log (`/api/mod/…`,
 * moderators only: anyone else reads "not found", as if the pages were not there).
 */
export async function moderationRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const { moderation, repos } = app;

  const moderator = async (request: FastifyRequest, reply: FastifyReply): Promise<PlayerRow | undefined> => {
    const player = await playerOf(request, repos.players);
    if (player && (await moderation.isModerator(player.id))) return player;
    void fail(reply, 404, 'not-found', 'Not found.');
    return undefined;
  };

  app.post(
    '/api/reports',
    { onRequest: app.limits.report, schema: { body: ReportBody, response: { 201: ReportResponse, ...refusals } } },
    async (request, reply) => {
      const player = await playerOf(request, repos.players);
      if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
      const body = request.body;
      const done = await moderation.report(player.id, body);
      if (!done.ok) return refusalReply(reply, done);
      const answer: ReportResponse = { reportId: done.reportId };
      return reply.code(201).send(answer);
    },
  );

  app.get('/api/me/moderation', { schema: { response: { 200: ModNotices, ...refusals } } }, async (request) => {
    const player = await playerOf(request, repos.players);
    if (!player) return { moderator: false, mark: null, actioned: [] } satisfies ModNotices;
    const [notices, isModerator] = await Promise.all([
      moderation.notices(player.id),
      moderation.isModerator(player.id),
    ]);
    const body: ModNotices = {
      moderator: isModerator,
      mark: notices.mark,
      actioned: notices.actioned.map(({ nickname, at }) => ({ nickname, at })),
    };
    return body;
  });

  app.post(
    '/api/me/appeal',
    { onRequest: app.limits.report, schema: { body: AppealBody, response: { 201: Done, ...refusals } } },
    async (request, reply) => {
      const player = await playerOf(request, repos.players);
      if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
      const body = request.body;
      const done = await moderation.appeal(player.id, body.note);
      if (!done.ok) return refusalReply(reply, done);
      return reply.code(201).send({});
    },
  );

  app.get('/api/mod/queue', { schema: { response: { 200: ModQueue, ...refusals } } }, async (request, reply) => {
    if (!(await moderator(request, reply))) return reply;
    const body: ModQueue = {
      entries: (await moderation.queue()).map((e) => ({
        id: e.id,
        kind: e.kind,
        player: { id: e.playerId, nickname: e.nickname },
        marked: e.marked,
        reporter: e.reporterId && e.reporterNickname ? { id: e.reporterId, nickname: e.reporterNickname } : null,
        reason: e.reason as ReportReason | null,
        note: e.note,
        source: e.source as ReportSource | null,
        gameId: e.gameId,
        raceId: e.raceId,
        summary: e.summary,
        at: e.createdAt,
      })),
    };
    return body;
  });

  app.post(
    '/api/mod/actions',
    { schema: { body: ModActionBody, response: { 200: Done, ...refusals } } },
    async (request, reply) => {
      const me = await moderator(request, reply);
      if (!me) return reply;
      const body = request.body;
      const done =
        body.action === 'dismiss'
          ? await moderation.dismiss(me.id, body.caseId, body.reason)
          : await moderation[body.action](me.id, body.playerId, body.reason);
      if (!done.ok) return refusalReply(reply, done);
      return {};
    },
  );

  app.get(
    '/api/mod/log',
    { schema: { querystring: LogQuery, response: { 200: ModLog, ...refusals } } },
    async (request, reply) => {
      if (!(await moderator(request, reply))) return reply;
      const q = request.query;
      const entries = await moderation.log((q.page - 1) * LOG_PAGE, LOG_PAGE);
      const body: ModLog = {
        entries: entries.map((l) => ({
          id: l.id,
          moderator: { id: l.moderatorId, nickname: l.moderatorNickname },
          action: l.action,
          player: { id: l.playerId, nickname: l.nickname },
          reason: l.reason,
          at: l.at,
          undoneAt: l.undoneAt,
        })),
      };
      return body;
    },
  );

  app.post(
    '/api/mod/log/:id/undo',
    { schema: { params: ModLogParams, response: { 200: Done, ...refusals } } },
    async (request, reply) => {
      const me = await moderator(request, reply);
      if (!me) return reply;
      const params = request.params;
      const done = await moderation.undo(me.id, params.id);
      if (!done.ok) return refusalReply(reply, done);
      return {};
    },
  );
}
