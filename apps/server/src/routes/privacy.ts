import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { playerOf } from '../identity/cookie.ts';
import { fail, parse } from './reply.ts';

/**
 * The schemas of the player's open-data setting, kept here for the OpenAPI document: `GET
 * /api/me/privacy` answers `privacy`; `PUT /api/me/privacy` takes it as its body and answers it.
 */
export const PRIVACY_SCHEMAS = {
  privacy: z.strictObject({
    /** The monthly open-data export names the player `anonymous-N` instead of by their nickname. */
    hiddenFromExports: z.boolean(),
  }),
} as const;

type Privacy = z.infer<typeof PRIVACY_SCHEMAS.privacy>;

/** Whether the player's nickname is left out of the open-data export (docs/open-data.md). */
export async function privacyRoutes(app: FastifyInstance) {
  const { repos } = app;

  app.get('/api/me/privacy', async (request, reply) => {
    const player = await playerOf(request, repos.players);
    if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
    const [listed] = await repos.players.listing([player.id]);
    const body: Privacy = { hiddenFromExports: listed?.hidden ?? false };
    return body;
  });

  app.put('/api/me/privacy', { onRequest: app.limits.rename }, async (request, reply) => {
    const player = await playerOf(request, repos.players);
    if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
    const body = parse(reply, PRIVACY_SCHEMAS.privacy, request.body);
    if (!body) return reply;
    await repos.players.setHidden(player.id, body.hiddenFromExports);
    return body;
  });
}
