import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { playerOf } from '../identity/cookie.ts';
import { fail } from './reply.ts';
import { refusals, zodRoutes } from './schema.ts';

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
  const routes = zodRoutes(app);
  const answer = { response: { 200: PRIVACY_SCHEMAS.privacy, ...refusals } };

  routes.get('/api/me/privacy', { schema: answer }, async (request, reply) => {
    const player = await playerOf(request, repos.players);
    if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
    const [listed] = await repos.players.listing([player.id]);
    const body: Privacy = { hiddenFromExports: listed?.hidden ?? false };
    return body;
  });

  routes.put(
    '/api/me/privacy',
    { onRequest: app.limits.rename, schema: { body: PRIVACY_SCHEMAS.privacy, ...answer } },
    async (request, reply) => {
      const player = await playerOf(request, repos.players);
      if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
      const body = request.body;
      await repos.players.setHidden(player.id, body.hiddenFromExports);
      return body;
    },
  );
}
