import type { RoomState } from '@scorpion/protocol';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { WINNING } from '../test/deals.ts';
import { type MemoryHub, memoryHub, raceStarted } from '../test/hub.ts';
import { UNTIMED } from '../test/room-spec.ts';

let at = Date.parse('2026-06-01T12:00:00Z');
let setup: MemoryHub;

beforeEach(async () => {
  // The race's deadline timer waits for the test's clock, never for real time.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  setup = await memoryHub(() => at, ['host', 'guest']);
});
afterEach(async () => {
  setup.hub.stop();
  vi.useRealTimers();
  await setup.repos.close();
});

/** `playerId` plays the fixed deal's winning line to its end, a second a move. */
async function solve(playerId: string, gameId: string): Promise<void> {
  for (const [seq, move] of WINNING.moves.entries()) {
    at += 1000;
    expect((await setup.games.act(playerId, gameId, seq, move)).ok).toBe(true);
  }
}

/** The race as `playerId` last saw it in a room frame. */
function raceSeenBy(playerId: string): RoomState['race'] {
  const frames = setup.push.sent.flatMap((s) =>
    s.playerId === playerId && s.message.type === 'room' ? [s.message] : [],
  );
  return frames.at(-1)?.room.race ?? null;
}

/** The race-over frames the guest heard. */
const raceOvers = () =>
  setup.push.sent.flatMap((s) => (s.playerId === 'guest' && s.message.type === 'race-over' ? [s.message] : []));

test('once someone solves it, the others get the finish window, told when it ends, and then the race ends for all', async () => {
  const { code, gameOf } = await raceStarted(setup, 'host', 'guest', { ...UNTIMED, finishWindow: 30 });
  expect(raceSeenBy('guest')).toMatchObject({ solvedAt: null, endsAt: null });
  expect((await setup.games.act('guest', gameOf.guest!, 0, WINNING.moves[0]!)).ok).toBe(true);

  await solve('host', gameOf.host!);
  const solvedAt = at;
  await expect.poll(() => raceSeenBy('guest')).toMatchObject({ solvedAt, endsAt: solvedAt + 30_000 });
  expect(raceSeenBy('host')).toMatchObject({ solvedAt, endsAt: solvedAt + 30_000 });

  // Within the window the guest plays on; the race is not over.
  at += 29_000;
  await vi.advanceTimersByTimeAsync(29_000);
  expect((await setup.games.act('guest', gameOf.guest!, 1, WINNING.moves[1]!)).ok).toBe(true);
  expect(raceOvers()).toEqual([]);

  // Its end: the guest is out of time, ranked after the winner, and everyone hears the results.
  at += 1000;
  await vi.advanceTimersByTimeAsync(1000);
  await expect.poll(() => raceOvers().length).toBeGreaterThan(0);
  const over = raceOvers()[0]!;
  expect(over.code).toBe(code);
  expect(over.results.map((r) => [r.rank, r.playerId, r.won, r.moves])).toEqual([
    [1, 'host', true, WINNING.moves.length],
    [2, 'guest', false, 2],
  ]);
  expect((await setup.repos.games.get(gameOf.guest!))?.status).toBe('timed-out');
  const late = await setup.games.act('guest', gameOf.guest!, 2, WINNING.moves[2]!);
  expect(late).toMatchObject({ ok: false, code: 'game-over' });
});

test('a move after the window is refused, and ends the race if its timer has not yet', async () => {
  const { gameOf } = await raceStarted(setup, 'host', 'guest', { ...UNTIMED, finishWindow: 15 });
  await solve('host', gameOf.host!);
  at += 15_000;
  // The timer is not run: the move comes first.
  const late = await setup.games.act('guest', gameOf.guest!, 0, WINNING.moves[0]!);
  expect(late).toMatchObject({ ok: false, code: 'game-over' });
  await expect.poll(() => raceOvers().map((o) => o.results.map((r) => r.playerId))).toEqual([['host', 'guest']]);
});

test('the window never runs past the time limit', async () => {
  const { gameOf } = await raceStarted(setup, 'host', 'guest', { ...UNTIMED, timeLimit: 5, finishWindow: 60 });
  const limit = raceSeenBy('host')!.endsAt!;
  at = limit - 60_000 - WINNING.moves.length * 1000 + 20_000;
  await solve('host', gameOf.host!);
  await expect.poll(() => raceSeenBy('guest')?.solvedAt).toBe(at);
  expect(raceSeenBy('guest')!.endsAt).toBe(limit);
});

test('a room without a finish window waits for every racer, as long as they play', async () => {
  const { gameOf } = await raceStarted(setup, 'host', 'guest', { ...UNTIMED, finishWindow: 0 });
  await solve('host', gameOf.host!);
  at += 10 * 60_000;
  await vi.advanceTimersByTimeAsync(10 * 60_000);
  expect(raceSeenBy('guest')).toMatchObject({ solvedAt: null, endsAt: null });
  expect((await setup.games.act('guest', gameOf.guest!, 0, WINNING.moves[0]!)).ok).toBe(true);
  expect(raceOvers()).toEqual([]);
  expect((await setup.games.giveUp('guest', gameOf.guest!)).ok).toBe(true);
  await expect.poll(() => raceOvers().length).toBe(1);
});
