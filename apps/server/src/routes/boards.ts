import {
  AllTimeBoard,
  AllTimeQuery,
  DailyBoard,
  DailyBoardQuery,
  type DailyBoardRow,
  DailyTimes,
  DailyTimesQuery,
  HeadToHead,
  HeadToHeadQuery,
  histogram,
} from '@scorpion/protocol';
import type { FastifyInstance } from 'fastify';
import { dayNumber } from '../clock.ts';
import { currentStreak } from '../daily/stats.ts';
import { playerOf } from '../identity/cookie.ts';
import type { BoardRow, StatsRow } from '../repo/types.ts';
import { dailyIsPublic } from '../secrecy.ts';
import { boardDate } from './board-date.ts';
import { fail } from './reply.ts';
import { refusals, zodRoutes } from './schema.ts';

function dailyRow(r: BoardRow): DailyBoardRow {
  return {
    rank: r.rank,
    playerId: r.playerId,
    nickname: r.nickname,
    won: r.won,
    timeMs: r.timeMs,
    moves: r.moves,
    progress: r.progress,
    faceDown: r.faceDown,
    gameId: r.gameId,
  };
}

export async function boardRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const boards = app.repos.boards;
  const ownRank = app.ownRank;

  app.get(
    '/api/leaderboards/daily',
    {
      onRequest: app.limits.boards,
      schema: { querystring: DailyBoardQuery, response: { 200: DailyBoard, ...refusals } },
    },
    async (request, reply) => {
      const q = request.query;
      const today = app.daily.today();
      const date = boardDate(reply, q.date, today);
      if (!date) return reply;
      const offset = (q.page - 1) * q.pageSize;
      const [rows, counts, player] = await Promise.all([
        boards.daily(date, offset, q.pageSize),
        boards.dailyCounts(date),
        playerOf(request, app.repos.players),
      ]);
      const mine = player ? await ownRank(date, player.id) : undefined;
      const body: DailyBoard = {
        date,
        day: dayNumber(date),
        played: counts.played,
        won: counts.won,
        page: q.page,
        pageSize: q.pageSize,
        rows: rows.map(dailyRow),
        // The rank may be a few seconds old; the name is the player's own now (they may just have named themselves).
        me: mine && player ? dailyRow({ ...mine, nickname: player.nickname }) : null,
        public: dailyIsPublic(date, today),
      };
      return body;
    },
  );

  // Public at any time: finishing times say nothing about the cards.
  app.get(
    '/api/leaderboards/daily/times',
    {
      onRequest: app.limits.boards,
      schema: { querystring: DailyTimesQuery, response: { 200: DailyTimes, ...refusals } },
    },
    async (request, reply) => {
      const q = request.query;
      const date = boardDate(reply, q.date, app.daily.today());
      if (!date) return reply;
      const [times, counts, player] = await Promise.all([
        boards.dailyWinTimes(date),
        boards.dailyCounts(date),
        playerOf(request, app.repos.players),
      ]);
      const mine = player ? await boards.dailyResultOf(date, player.id) : undefined;
      const body: DailyTimes = {
        date,
        day: dayNumber(date),
        played: counts.played,
        won: counts.won,
        bins: histogram(times, mine?.won ? mine.timeMs : undefined),
      };
      return body;
    },
  );

  app.get(
    '/api/leaderboards/all-time',
    {
      onRequest: app.limits.boards,
      schema: { querystring: AllTimeQuery, response: { 200: AllTimeBoard, ...refusals } },
    },
    async (request) => {
      const q = request.query;
      const offset = (q.page - 1) * q.pageSize;
      const today = app.daily.today();
      const current = (s: StatsRow) => currentStreak(s, today);
      const fromStats = (rows: StatsRow[]) =>
        rows.map((s, i) => ({
          rank: offset + i + 1,
          playerId: s.playerId,
          nickname: s.nickname,
          dailyWins: s.dailyWins,
          dailyPlayed: s.dailyPlayed,
          currentStreak: current(s),
          bestStreak: s.bestStreak,
          bestTimeMs: s.bestTimeMs,
          date: null,
        }));
      let rows: AllTimeBoard['rows'];
      if (q.board === 'fastest') {
        const wins = await boards.fastestWins(offset, q.pageSize);
        const stats = new Map((await boards.statsOf(wins.map((w) => w.playerId))).map((s) => [s.playerId, s]));
        rows = wins.map((w) => {
          const s = stats.get(w.playerId);
          return {
            rank: w.rank,
            playerId: w.playerId,
            nickname: w.nickname,
            dailyWins: s?.dailyWins ?? 0,
            dailyPlayed: s?.dailyPlayed ?? 0,
            currentStreak: s ? current(s) : 0,
            bestStreak: s?.bestStreak ?? 0,
            bestTimeMs: w.timeMs,
            date: w.date,
          };
        });
      } else {
        rows = fromStats(
          q.board === 'wins'
            ? await boards.mostWins(offset, q.pageSize)
            : await boards.longestStreaks(offset, q.pageSize),
        );
      }
      const viewer = await playerOf(request, app.repos.players);
      const raced = viewer
        ? await boards.racedAmong(
            viewer.id,
            rows.map((r) => r.playerId),
          )
        : [];
      const body: AllTimeBoard = { board: q.board, page: q.page, pageSize: q.pageSize, rows, raced };
      return body;
    },
  );

  app.get(
    '/api/head-to-head',
    {
      onRequest: app.limits.boards,
      schema: { querystring: HeadToHeadQuery, response: { 200: HeadToHead, ...refusals } },
    },
    async (request, reply) => {
      const q = request.query;
      const [a, b] = await Promise.all([app.repos.players.byId(q.a), app.repos.players.byId(q.b)]);
      if (!a || !b) return fail(reply, 404, 'not-found', 'No such player.');
      const record = await boards.headToHead(a.id, b.id);
      const body: HeadToHead = { a, b, ...record };
      return body;
    },
  );
}
