import { expect, test } from 'vitest';
import type { RoomRow } from '../repo/types.ts';
import { UNTIMED } from '../test/room-spec.ts';
import type { LiveRace } from './live-race.ts';
import { Room, type RoomDeps } from './room.ts';

const row: RoomRow = { code: 'ROOM42', hostId: 'ann', ...UNTIMED, createdAt: 0 };

/** Only what `audience` and the room's own changes touch: no database, no socket. */
const deps = {
  rooms: { addMember: async () => {}, removeMember: async () => {} },
  push: { send: () => {}, connected: () => true },
  now: () => 0,
  absentGraceMs: 1000,
  raceOver: () => {},
} as unknown as RoomDeps;

/** A race with these racers, as far as the room's audience and its end ask. */
const raceOf = (...racers: string[]) =>
  ({
    id: 'race-1',
    status: 'finished',
    row: { series: null, seed: 'seed' },
    racers: () => racers.values(),
  }) as unknown as LiveRace;

test('the audience is members then racers, kept while neither changes, and right again after each change', async () => {
  const room = new Room(row, ['ann', 'ben'], null, null, deps);
  const first = room.audience();
  expect([...first]).toEqual(['ann', 'ben']);
  expect(room.audience()).toBe(first);

  await room.addMember('cy');
  expect([...room.audience()]).toEqual(['ann', 'ben', 'cy']);

  const race = raceOf('ben', 'dan');
  room.raceRuns(race);
  const racing = room.audience();
  expect([...racing]).toEqual(['ann', 'ben', 'cy', 'dan']);
  expect(room.audience()).toBe(racing);

  // A member who leaves is a racer still.
  await room.removeMember('ben');
  expect([...room.audience()]).toEqual(['ann', 'cy', 'ben', 'dan']);

  room.raceOver(race, [], null, null);
  expect([...room.audience()]).toEqual(['ann', 'cy']);
});
