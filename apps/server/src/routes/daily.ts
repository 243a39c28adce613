import { DailyInfo, DailyStanding, LateBoard } from '@scorpion/protocol';
import { cardCode } from '@scorpion/rules';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { dayNumber } from '../clock.ts';
import { DAILY_OPTIONS } from '../daily/deal.ts';
import { flagMessage } from '../daily/flags.ts';
import { DAILY_UNAVAILABLE } from '../daily/service.ts';
import { CertifierUnavailable } from '../deals/certify.ts';
import { publicDifficulty } from '../deals/difficulty.ts';
import { underReviewOf } from '../evidence/review.ts';
import { playerOf } from '../identity/cookie.ts';
import type { DailyDealRow, DailyResultRow } from '../repo/types.ts';
import { dailyIsPublic, gate } from '../secrecy.ts';
import { fail } from './reply.ts';
import { refusals, zodRoutes } from './schema.ts';

const Params = z.strictObject({ date: z.iso.date() });
const DAY_MS = 86_400_000;
/** A late board's rows: the fastest hundred. */
const LATE_ROWS = 100;

export async function dailyRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  function info(date: string, deal: DailyDealRow): DailyInfo {
    const isPublic = dailyIsPublic(date, app.daily.today());
    // The stars give nothing away; the line is the deal itself, so it waits like the deck.
    const secrets = gate.disclose(isPublic, () => ({
      seed: deal.seed,
      deck: deal.deck.map(cardCode),
      solution: deal.line ? [...deal.line] : null,
    }));
    return {
      date,
      day: deal.day,
      variant: deal.variant,
      options: DAILY_OPTIONS,
      public: isPublic,
      seed: secrets?.seed ?? null,
      deck: secrets?.deck ?? null,
      difficulty: publicDifficulty(deal.difficulty),
      solution: secrets?.solution ?? null,
      serverTime: app.now(),
    };
  }

  /** Runs `work`, answering 503 `solver-unavailable` when today's deal cannot be dealt yet. */
  async function whileSolverUp<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof CertifierUnavailable) return fail(reply, 503, 'solver-unavailable', DAILY_UNAVAILABLE);
      throw error;
    }
  }

  app.get('/api/daily', { schema: { response: { 200: DailyInfo, ...refusals } } }, async (_request, reply) => {
    const today = app.daily.today();
    // Today's deal is always made on first use, so `shown` has one.
    return whileSolverUp(reply, async () => info(today, (await app.daily.shown(today))!));
  });

  app.get(
    '/api/daily/:date',
    { schema: { params: Params, response: { 200: DailyInfo, ...refusals } } },
    async (request, reply) => {
      const params = request.params;
      if (params.date > app.daily.today()) return fail(reply, 404, 'not-found', 'That day has not come yet.');
      if (dayNumber(params.date) < 1) return fail(reply, 404, 'not-found', 'The daily challenge began on 2026-01-01.');
      return whileSolverUp(reply, async () => {
        const deal = await app.daily.shown(params.date);
        if (!deal) return fail(reply, 404, 'not-found', 'That day was never dealt: nobody played it.');
        return info(params.date, deal);
      });
    },
  );

  app.get(
    '/api/daily/:date/late',
    { onRequest: app.limits.boards, schema: { params: Params, response: { 200: LateBoard, ...refusals } } },
    async (request, reply) => {
      const params = request.params;
      if (!dailyIsPublic(params.date, app.daily.today())) {
        return fail(
          reply,
          403,
          'not-public',
          'This day is still open: it is played late once it is over (midnight UTC).',
        );
      }
      const deal = await app.repos.daily.get(params.date);
      if (!deal) return fail(reply, 404, 'not-found', 'That day was never dealt: nobody played it.');
      const dayEnded = Date.parse(`${params.date}T00:00:00Z`) + DAY_MS;
      const wins = await app.repos.late.wins(deal.variant, deal.seed, DAILY_OPTIONS, dayEnded, LATE_ROWS);
      const board: LateBoard = {
        date: params.date,
        day: deal.day,
        rows: wins.map(({ playerId, nickname, timeMs, moves, gameId }, i) => ({
          rank: i + 1,
          playerId,
          nickname,
          timeMs,
          moves,
          gameId,
        })),
      };
      return board;
    },
  );

  app.get('/api/me/daily', { schema: { response: { 200: DailyStanding, ...refusals } } }, async (request, reply) => {
    const player = await playerOf(request, app.repos.players);
    if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
    const date = app.daily.today();
    const [flagged, reviews] = await Promise.all([
      app.repos.boards.dailyFlaggedOf(date, player.id),
      underReviewOf(app.repos, player.id),
    ]);
    const body: DailyStanding = {
      date,
      review: todaysReview(reviews.find((r) => r.date === date)),
      flagged: flagged
        ? {
            gameId: flagged.gameId,
            won: flagged.won,
            timeMs: flagged.timeMs,
            moves: flagged.moves,
            progress: flagged.progress,
            faceDown: flagged.faceDown,
            reason: flagged.flag,
            message: flagMessage(flagged.flag),
          }
        : null,
    };
    return body;
  });
}

/** Today's result under review, as its player is told of it: the figures and the message, never a card. */
function todaysReview(held: (DailyResultRow & { message: string }) | undefined): DailyStanding['review'] {
  if (!held) return null;
  const { gameId, won, timeMs, moves, progress, faceDown, message } = held;
  return { gameId, won, timeMs, moves, progress, faceDown, message };
}
