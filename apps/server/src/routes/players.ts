import { type MeResponse, NicknameBody, type PlayerResponse } from '@scorpion/protocol';
import type { FastifyInstance } from 'fastify';
import { checkNickname } from '../identity/nickname.ts';
import { playerOf, setIdentityCookie } from '../identity/session-cookie.ts';
import { hashToken, newId, newToken } from '../identity/token.ts';
import type { Services } from '../services.ts';
import { fail, parse } from './reply.ts';

export async function playerRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const players = services.repos.players;

  app.get('/api/me', async (request) => {
    const player = await playerOf(request, players);
    const body: MeResponse = { player: player ? { id: player.id, nickname: player.nickname } : null };
    return body;
  });

  app.post('/api/players', { onRequest: app.limits.signup }, async (request, reply) => {
    const body = parse(reply, NicknameBody, request.body);
    if (!body) return reply;
    const checked = checkNickname(body.nickname);
    if (!checked.ok) return fail(reply, 400, 'nickname-invalid', checked.message);
    const token = newToken();
    const id = newId();
    const created = await players.create({
      id,
      nickname: checked.nickname,
      nicknameKey: checked.key,
      tokenHash: hashToken(token),
      at: services.now(),
    });
    if (created === 'taken') return fail(reply, 409, 'nickname-taken', 'Someone already plays under that name.');
    setIdentityCookie(reply, token);
    const response: PlayerResponse = { player: { id, nickname: checked.nickname } };
    return reply.code(201).send(response);
  });

  app.patch('/api/me', { onRequest: app.limits.rename }, async (request, reply) => {
    const player = await playerOf(request, players);
    if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
    const body = parse(reply, NicknameBody, request.body);
    if (!body) return reply;
    const checked = checkNickname(body.nickname);
    if (!checked.ok) return fail(reply, 400, 'nickname-invalid', checked.message);
    const renamed = await players.rename(player.id, checked.nickname, checked.key);
    if (renamed === 'taken') return fail(reply, 409, 'nickname-taken', 'Someone already plays under that name.');
    services.hub.renamed(player.id, checked.nickname);
    const response: PlayerResponse = { player: { id: player.id, nickname: checked.nickname } };
    return response;
  });
}
