import { MeResponse, NicknameBody, PlayerResponse, SignUpBody } from '@scorpion/protocol';
import type { FastifyInstance } from 'fastify';
import { playerOf, setIdentityCookie, tokenHashOf } from '../identity/cookie.ts';
import { deviceOf } from '../identity/device.ts';
import { hashToken } from '../identity/token.ts';
import { refusalReply } from '../refusal-edge.ts';
import { fail } from './reply.ts';
import { refusals, zodRoutes } from './schema.ts';

export async function playerRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const { players, repos, devices } = app;

  app.get('/api/me', { schema: { response: { 200: MeResponse, ...refusals } } }, async (request) => {
    const player = await playerOf(request, repos.players);
    const hash = tokenHashOf(request);
    if (player && hash) await devices.seen(hash);
    const body: MeResponse = { player: player ? { id: player.id, nickname: player.nickname } : null };
    return body;
  });

  // The signup limit counts players created, not attempts: `create` admits a sign-up only once
  // its nickname is good and free. Without a nickname, a guest (the daily's Start makes one).
  // Naming the page's early socket (`socket`), the answer carries the token that binds it.
  app.post(
    '/api/players',
    { schema: { body: SignUpBody, response: { 201: PlayerResponse, ...refusals } } },
    async (request, reply) => {
      const body = request.body;
      const created = await players.create(body.nickname, request.headers['user-agent'], () =>
        app.limits.signup(request),
      );
      if (!created.ok) return refusalReply(reply, created);
      setIdentityCookie(reply, created.token);
      const socket = body.socket;
      const response: PlayerResponse = socket
        ? {
            player: created.player,
            socketToken: app.socketTokens.make({
              playerId: created.player.id,
              tokenHash: hashToken(created.token),
              socket,
              device: deviceOf(request) ?? '',
            }),
          }
        : { player: created.player };
      return reply.code(201).send(response);
    },
  );

  app.patch(
    '/api/me',
    { onRequest: app.limits.rename, schema: { body: NicknameBody, response: { 200: PlayerResponse, ...refusals } } },
    async (request, reply) => {
      const player = await playerOf(request, repos.players);
      if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
      const renamed = await players.rename(player.id, request.body.nickname);
      if (!renamed.ok) return refusalReply(reply, renamed);
      const response: PlayerResponse = { player: renamed.player };
      return response;
    },
  );
}
