import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { GameService } from '../games/service.ts';
import type { Repos } from '../repo/types.ts';
import { type MemoryHub, memoryHub, presence as socketOf, raceStarted as started } from '../test/hub.ts';
import type { RecordingPush } from '../test/push.ts';
import { UNTIMED } from '../test/room-spec.ts';
import type { RaceHub } from './hub.ts';

const GRACE_MS = 60_000;
let at = Date.parse('2026-06-01T12:00:00Z');
const now = () => at;

let setup: MemoryHub;
let repos: Repos;
let push: RecordingPush;
let games: GameService;
let hub: RaceHub;

beforeEach(async () => {
  // The graces' timers wait for the test to move the clock (`graceRunsOut`), never for real time.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  setup = await memoryHub(now, ['host', 'guest'], { absentGraceMs: GRACE_MS });
  ({ repos, push, games, hub } = setup);
});
afterEach(async () => {
  hub.stop();
  vi.useRealTimers();
  await repos.close();
});

/** The server clock and its timers move on by a whole grace. */
function graceRunsOut() {
  at += GRACE_MS;
  vi.advanceTimersByTime(GRACE_MS);
}

/** The player's socket closes (or opens), as the socket edge tells the hub. */
const presence = (playerId: string, here: boolean) => socketOf(setup, playerId, here);

/** Host and guest, both here, race in a new room: once both are dealt. */
const raceStarted = () => started(setup, 'host', 'guest');

test('a room everyone has left leaves memory, and comes back whole when next joined', async () => {
  push.here.add('host');
  const { code } = await hub.create('host', UNTIMED);
  expect(hub.loaded).toEqual({ rooms: 1, players: 1 });

  // The host's grace runs first: whoever comes back in it finds the room as it was.
  presence('host', false);
  await new Promise((resolve) => setImmediate(resolve));
  expect(hub.loaded.rooms).toBe(1);
  graceRunsOut();
  await expect.poll(() => hub.loaded).toEqual({ rooms: 0, players: 0 });

  push.here.add('guest');
  const joined = await hub.join('guest', code);
  expect(joined.ok && joined.value.room.members.map((m) => [m.id, m.connected])).toEqual([
    ['host', false],
    ['guest', true],
  ]);
  expect(hub.loaded).toEqual({ rooms: 1, players: 2 });
});

test('a room stays while its race runs, even with nobody here, and goes once the race is over', async () => {
  await raceStarted();
  const dealt = push.frames('game').map((f) => f.game);

  presence('host', false);
  presence('guest', false);
  // An eviction would run under the room's lock, in the microtasks that follow: let them run.
  await new Promise((resolve) => setImmediate(resolve));
  expect(hub.loaded.rooms).toBe(1);

  for (const game of dealt) {
    const playerId = (await repos.games.get(game.gameId))!.playerId;
    expect((await games.giveUp(playerId, game.gameId)).ok).toBe(true);
  }
  // Both hear the race end, though neither is here; the room goes once the host's grace is out.
  await expect.poll(() => push.frames('race-over').length).toBe(2);
  expect(hub.loaded.rooms).toBe(1);
  graceRunsOut();
  await expect.poll(() => hub.loaded).toEqual({ rooms: 0, players: 0 });
});

test('a room loaded only to refuse a command goes again', async () => {
  push.here.add('host');
  const { code } = await hub.create('host', UNTIMED);
  presence('host', false);
  graceRunsOut();
  await expect.poll(() => hub.loaded.rooms).toBe(0);

  push.here.add('guest');
  expect(await hub.leave('guest', code)).toMatchObject({ ok: false, code: 'not-in-room' });
  expect(await hub.start('guest', code)).toMatchObject({ ok: false, code: 'not-host' });
  // Loaded again, the absent host has a fresh grace; once it is out, the room goes.
  graceRunsOut();
  await expect.poll(() => hub.loaded).toEqual({ rooms: 0, players: 0 });
});

test("a race stopped by a shutdown neither loads a game nor sends a frame when a racer's socket closes after", async () => {
  await raceStarted();
  // Out of memory, a progress frame would load the games from the database, closed by then.
  for (const frame of push.frames('game')) games.forget(frame.game.gameId);
  const load = vi.spyOn(games, 'load');
  const progressBefore = push.frames('race-progress').length;

  hub.stop();
  presence('guest', false);
  await new Promise((resolve) => setImmediate(resolve));
  expect(load).not.toHaveBeenCalled();
  expect(push.frames('race-progress').length).toBe(progressBefore);
});
