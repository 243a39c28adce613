import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { WATCH_CHECK_MS, WATCH_DELAY_MS } from '../games/delayed-boards.ts';
import { WINNING } from '../test/deals.ts';
import { type MemoryHub, memoryHub, presence, raceStarted } from '../test/hub.ts';
import { RELOAD_MS } from './reloads.ts';

let at = Date.parse('2026-06-01T12:00:00Z');
let setup: MemoryHub;
/** What the hub logged: the room's code, what failed, and the error's message. */
let logged: [string, string, string][];

beforeEach(async () => {
  // The reloads' timers (and the graces') wait for the test, never for real time.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  logged = [];
  setup = await memoryHub(() => at, ['host', 'guest'], {
    log: (error, code, what) => logged.push([code, what, error instanceof Error ? error.message : String(error)]),
  });
});
afterEach(async () => {
  setup.hub.stop();
  vi.useRealTimers();
  await setup.repos.close();
});

const blip = () => new Error('database blip');

test("a progress frame whose games cannot be loaded is logged with the room's code, and its room is loaded again: the race goes on, watched as before", async () => {
  const { hub, games, push, repos } = setup;
  const { code, gameOf } = await raceStarted(setup, 'host', 'guest');
  expect((await games.giveUp('guest', gameOf.guest!)).ok).toBe(true);
  expect(await hub.watch('guest', code, 'host')).toEqual({ ok: true, value: null });

  // Out of memory, the next progress frame loads the games, and the database fails that once.
  for (const id of Object.values(gameOf)) games.forget(id);
  vi.spyOn(repos.games, 'get').mockRejectedValueOnce(blip());
  presence(setup, 'host', false);
  await expect.poll(() => logged).toEqual([[code, 'race step failed; its room is loaded again', 'database blip']]);
  presence(setup, 'host', true);

  const before = push.sent.length;
  await vi.advanceTimersByTimeAsync(RELOAD_MS);
  const after = push.sent.slice(before).map((s) => [s.playerId, s.message.type]);
  expect(after).toEqual(
    expect.arrayContaining([
      ['guest', 'race-progress'],
      ['host', 'game'],
      ['guest', 'room'],
    ]),
  );
  expect(hub.loaded).toEqual({ rooms: 1, players: 2 });

  // The host plays on; the guest, who watched the host before the room was loaded again, still does.
  expect((await games.act('host', gameOf.host!, 0, WINNING.moves[0]!)).ok).toBe(true);
  at += WATCH_DELAY_MS;
  await vi.advanceTimersByTimeAsync(2 * WATCH_CHECK_MS);
  const boards = push.sent.filter((s) => s.message.type === 'race-board');
  expect(boards.map((s) => [s.playerId, s.message.type === 'race-board' && s.message.moves])).toContainEqual([
    'guest',
    1,
  ]);

  expect((await games.giveUp('host', gameOf.host!)).ok).toBe(true);
  await expect.poll(() => push.frames('race-over').length).toBe(2);
  expect(logged).toHaveLength(1);
});

test('a race whose end cannot be stored ends once its room is loaded again, however long the database stays away', async () => {
  const { games, push, repos } = setup;
  const { code, gameOf } = await raceStarted(setup, 'host', 'guest');
  vi.spyOn(repos.races, 'finish').mockRejectedValueOnce(blip());
  // The first load again fails too: it is tried again, later.
  vi.spyOn(repos.rooms, 'get').mockRejectedValueOnce(blip());

  for (const id of ['host', 'guest']) expect((await games.giveUp(id, gameOf[id]!)).ok).toBe(true);
  await expect.poll(() => logged.length).toBe(1);
  expect(push.frames('race-over')).toEqual([]);
  const raceId = push.frames('game')[0]!.game.raceId!;
  expect((await repos.races.get(raceId))?.status).toBe('racing');

  await vi.advanceTimersByTimeAsync(RELOAD_MS);
  expect(logged).toEqual([
    [code, 'race step failed; its room is loaded again', 'database blip'],
    [code, 'room not loaded', 'database blip'],
  ]);
  expect(push.frames('race-over')).toEqual([]);

  await vi.advanceTimersByTimeAsync(2 * RELOAD_MS);
  await expect.poll(() => push.frames('race-over').length).toBe(2);
  expect(push.frames('race-over')[0]!.results.map((r) => [r.playerId, r.gaveUp])).toEqual([
    ['guest', true],
    ['host', true],
  ]);
  expect((await repos.races.get(raceId))?.status).toBe('finished');
  expect(logged).toHaveLength(2);
});
