import type { PublicGame } from '@scorpion/protocol';
import { cardCode } from '@scorpion/rules';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services.ts';
import { fail, parse } from './reply.ts';

const Params = z.strictObject({ id: z.string().min(1).max(64) });

/** A finished, public game: its record (the CLI's format) and every action, to replay it. */
export async function gameRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get('/api/games/:id', async (request, reply) => {
    const params = parse(reply, Params, request.params);
    if (!params) return reply;
    const row = await services.repos.games.get(params.id);
    if (!row) return fail(reply, 404, 'no-such-game', 'There is no such game.');
    if (!(await services.games.isPublic(row))) {
      return fail(reply, 403, 'not-public', 'This game becomes public when it is over (a daily: when its day is).');
    }
    const session = await services.games.load(row.id);
    const player = await services.repos.players.byId(row.playerId);
    const body: PublicGame = {
      gameId: row.id,
      kind: row.kind,
      player: player ?? { id: row.playerId, nickname: '?' },
      status: session!.row.status,
      seed: row.seed,
      record: {
        variant: row.variant,
        options: row.options,
        deck: row.deck.map(cardCode),
        moves: [...session!.movesSoFar()],
      },
      actions: session!.log.map((a) => ({ seq: a.seq, action: a.action, at: a.at })),
      moves: session!.row.moves,
      timeMs: session!.row.timeMs ?? 0,
    };
    // Finished games are read rarely; they need not stay in memory after this.
    if (session!.row.status !== 'playing') services.games.forget(row.id);
    return body;
  });
}
