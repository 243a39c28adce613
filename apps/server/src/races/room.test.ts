import { expect, test } from 'vitest';
import type { RoomRow } from '../repo/types.ts';
import { UNTIMED } from '../test/room-spec.ts';
import type { LiveRace } from './live-race.ts';
import { Room, type RoomDeps } from './room.ts';

const row: RoomRow = { code: 'ROOM42', hostId: 'ann', ...UNTIMED, createdAt: 0 };

/** Only what `audience` touches: no repository, no socket. */
const deps = {
  push: { send: () => {}, connected: () => true },
  now: () => 0,
  absentGraceMs: 1000,
} as unknown as RoomDeps;

/** A race with these racers, as far as the room's audience asks. */
const raceOf = (...racers: string[]) => ({ racers: () => racers.values() }) as unknown as LiveRace;

test('the audience is members then racers, kept while neither changes, and right again after each change', () => {
  const room = new Room(row, ['ann', 'ben'], null, null, deps);
  const first = room.audience();
  expect([...first]).toEqual(['ann', 'ben']);
  expect(room.audience()).toBe(first);

  room.members.push('cy');
  expect([...room.audience()]).toEqual(['ann', 'ben', 'cy']);

  room.race = raceOf('ben', 'dan');
  const racing = room.audience();
  expect([...racing]).toEqual(['ann', 'ben', 'cy', 'dan']);
  expect(room.audience()).toBe(racing);

  // A member who leaves is a racer still.
  room.members = room.members.filter((m) => m !== 'ben');
  expect([...room.audience()]).toEqual(['ann', 'cy', 'ben', 'dan']);

  room.race = undefined;
  expect([...room.audience()]).toEqual(['ann', 'cy']);
});
