import { Profile, ProfileParams, RatingBoard, RatingBoardQuery } from '@scorpion/protocol';
import type { FastifyInstance } from 'fastify';
import { underReviewOf } from '../evidence/review.ts';
import { playerOf } from '../identity/cookie.ts';
import { nicknameKey } from '../identity/nickname.ts';
import { dailySummary } from '../profiles/daily-summary.ts';
import { shownRating } from '../ratings/model.ts';
import { shown } from '../ratings/shown.ts';
import { fail } from './reply.ts';
import { refusals, zodRoutes } from './schema.ts';

/** How much of a player's past a profile shows: a year of dailies, the latest races and ratings. */
const PROFILE_DAYS = 366;
const PROFILE_RACES = 20;
const PROFILE_RATINGS = 100;

/** Players' profiles (`/p/NICKNAME`) and the rating leaderboard. */
export async function profileRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const { players, ratings, profiles, boards, moderation } = app.repos;

  app.get(
    '/api/players/:nickname/profile',
    { onRequest: app.limits.boards, schema: { params: ProfileParams, response: { 200: Profile, ...refusals } } },
    async (request, reply) => {
      const params = request.params;
      const player = await players.byNicknameKey(nicknameKey(params.nickname));
      if (!player) return fail(reply, 404, 'not-found', `Nobody is called ${params.nickname}.`);
      const me = await playerOf(request, players);
      const [rating, history, totals, dailies, races, h2h, refunds] = await Promise.all([
        ratings.of([player.id]),
        ratings.history(player.id, PROFILE_RATINGS),
        boards.statsOf([player.id]),
        profiles.dailies(player.id, PROFILE_DAYS),
        profiles.races(player.id, PROFILE_RACES),
        me && me.id !== player.id ? boards.headToHead(me.id, player.id) : undefined,
        moderation.refundsOf(player.id),
      ]);
      // Told to the player alone: to anyone else a held result is simply not on the profile.
      const underReview =
        me?.id === player.id
          ? (await underReviewOf(app.repos, player.id)).map(({ date, gameId, message }) => ({ date, gameId, message }))
          : [];
      const body: Profile = {
        player: { id: player.id, nickname: player.nickname },
        rating: rating[0] ? shown(rating[0]) : null,
        ratingHistory: history.map((h) => ({ raceId: h.raceId, at: h.at, rating: shownRating(h.mu) })),
        daily: dailySummary(totals[0], dailies, app.daily.today()),
        races: races.map((r) => ({ ...r })),
        headToHead: h2h ? { races: h2h.races, myWins: h2h.aWins, theirWins: h2h.bWins } : null,
        refunds,
        underReview,
      };
      return body;
    },
  );

  app.get(
    '/api/leaderboards/ratings',
    {
      onRequest: app.limits.boards,
      schema: { querystring: RatingBoardQuery, response: { 200: RatingBoard, ...refusals } },
    },
    async (request) => {
      const q = request.query;
      const offset = (q.page - 1) * q.pageSize;
      const rows = await ratings.board(offset, q.pageSize);
      const body: RatingBoard = {
        page: q.page,
        pageSize: q.pageSize,
        rows: rows.map((r, i) => ({
          rank: offset + i + 1,
          player: { id: r.playerId, nickname: r.nickname },
          rating: shown(r),
        })),
      };
      return body;
    },
  );
}
