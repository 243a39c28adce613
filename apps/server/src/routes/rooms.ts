import { MY_ROOMS_MAX, MyRooms, RoomCode, RoomHistory, RoomHistoryQuery, RoomSummary } from '@scorpion/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { playerOf } from '../identity/cookie.ts';
import type { RoomRow } from '../repo/types.ts';
import { gate, raceIsPublic } from '../secrecy.ts';
import { fail } from './reply.ts';
import { refusals, zodRoutes } from './schema.ts';

const Params = z.strictObject({ code: RoomCode });

export async function roomRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const { rooms, races, players } = app.repos;

  async function summary(room: RoomRow): Promise<RoomSummary> {
    const [host, members, count] = await Promise.all([
      players.byId(room.hostId),
      rooms.members(room.code),
      races.count(room.code),
    ]);
    return {
      code: room.code,
      host: host ?? { id: room.hostId, nickname: '?' },
      variant: room.variant,
      options: room.options,
      timeLimit: room.timeLimit,
      winnableOnly: room.winnableOnly,
      rated: room.rated,
      bestOf: room.bestOf,
      finishWindow: room.finishWindow,
      members: members.length,
      races: count,
    };
  }

  app.get(
    '/api/rooms/:code',
    { onRequest: app.limits.roomLookup, schema: { params: Params, response: { 200: RoomSummary, ...refusals } } },
    async (request, reply) => {
      const params = request.params;
      const room = await rooms.get(params.code);
      if (!room) return fail(reply, 404, 'no-such-room', 'There is no room with that code.');
      return summary(room);
    },
  );

  // A player who closed the room's tab finds their way back without the link.
  app.get('/api/me/rooms', { schema: { response: { 200: MyRooms, ...refusals } } }, async (request, reply) => {
    const player = await playerOf(request, players);
    if (!player) return fail(reply, 401, 'unauthorized', 'Pick a nickname first.');
    const codes = (await rooms.roomsOf(player.id)).slice(0, MY_ROOMS_MAX);
    const list = [];
    for (const code of codes) {
      const room = await rooms.get(code);
      if (room) list.push(await summary(room));
    }
    const body: MyRooms = { rooms: list };
    return body;
  });

  app.get(
    '/api/rooms/:code/races',
    {
      onRequest: app.limits.roomLookup,
      schema: { params: Params, querystring: RoomHistoryQuery, response: { 200: RoomHistory, ...refusals } },
    },
    async (request, reply) => {
      const params = request.params;
      const q = request.query;
      if (!(await rooms.get(params.code))) return fail(reply, 404, 'no-such-room', 'There is no room with that code.');
      // Finished races only: their deals are public, so each seed goes with it.
      const list = await races.history(params.code, (q.page - 1) * q.pageSize, q.pageSize);
      const body: RoomHistory = {
        code: params.code,
        page: q.page,
        pageSize: q.pageSize,
        races: list.flatMap(({ race, results }) => {
          const seed = gate.disclose(raceIsPublic(race), () => race.seed);
          if (seed === null) return [];
          const startedAt = race.startsAt + race.pausedMs;
          return [{ raceId: race.id, number: race.number, startedAt, finishedAt: race.finishedAt ?? 0, seed, results }];
        }),
      };
      return body;
    },
  );
}
