import { GameAnalysis, LineAnalysis } from '@scorpion/protocol';
import { EVIDENCE_VERSION } from '@scorpion/solver';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { EvidenceRow } from '../repo/types.ts';
import { gate } from '../secrecy.ts';
import { fail } from './reply.ts';
import { refusals, zodRoutes } from './schema.ts';

const Params = z.strictObject({ id: z.string().min(1).max(64) });

/**
 * A public game's analysis: verdicts along the line as played and its turning point. A weighed
 * daily's was computed once on the server's solver threads (`evidence/runner.ts`) and is served
 * from there; any other public game's is null, and the replay page computes it from the public
 * deal in its own solver worker (measured in bench/README.md: that costs the server nothing and
 * the viewer a few milliseconds for most games). While the deal is secret the answer is
 * `not-public`: the verdicts and the winning line would tell what the face-down cards are.
 */
export async function analysisRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  app.get(
    '/api/games/:id/analysis',
    { schema: { params: Params, response: { 200: GameAnalysis, ...refusals } } },
    async (request, reply) => {
      const params = request.params;
      const row = await app.repos.games.get(params.id);
      if (!row) return fail(reply, 404, 'no-such-game', 'There is no such game.');
      const stored = gate.disclose(await app.games.isPublic(row), async () =>
        storedAnalysis(await app.repos.evidence.get(row.id)),
      );
      if (!stored) {
        return fail(
          reply,
          403,
          'not-public',
          'Its analysis opens when the game is public: once it is over (a daily: once its day is).',
        );
      }
      return { gameId: row.id, analysis: await stored } satisfies GameAnalysis;
    },
  );
}

/** The analysis stored with a game's evidence, when it was weighed by this version of the code. */
function storedAnalysis(evidence: EvidenceRow | undefined): LineAnalysis | null {
  if (evidence?.status !== 'done' || evidence.version !== EVIDENCE_VERSION || !evidence.signals) return null;
  const signals = JSON.parse(evidence.signals) as { analysis?: { verdicts?: unknown; turningPoint?: unknown } };
  const parsed = LineAnalysis.safeParse({
    verdicts: signals.analysis?.verdicts,
    turningPoint: signals.analysis?.turningPoint ?? null,
  });
  return parsed.success ? parsed.data : null;
}
