import {
  MY_ROOMS_MAX,
  type MyRooms,
  RoomCode,
  type RoomHistory,
  RoomHistoryQuery,
  type RoomSummary,
} from '@scorpion/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { playerOf } from '../identity/cookie.ts';
import type { RoomRow } from '../repo/types.ts';
import { gate, raceIsPublic } from '../secrecy.ts';
import { fail, parse } from './reply.ts';

const Params = z.strictObject({ code: RoomCode });

export async function roomRoutes(app: FastifyInstance) {
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

  app.get('/api/rooms/:code', { onRequest: app.limits.roomLookup }, async (request, reply) => {
    const params = parse(reply, Params, request.params);
    if (!params) return reply;
    const room = await rooms.get(params.code);
    if (!room) return fail(reply, 404, 'no-such-room', 'There is no room with that code.');
    return summary(room);
  });

  // A player who closed the room's tab finds their way back without the link.
  app.get('/api/me/rooms', async (request, reply) => {
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

  app.get('/api/rooms/:code/races', { onRequest: app.limits.roomLookup }, async (request, reply) => {
    const params = parse(reply, Params, request.params);
    if (!params) return reply;
    const q = parse(reply, RoomHistoryQuery, request.query);
    if (!q) return reply;
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
  });
}
