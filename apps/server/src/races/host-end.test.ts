import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { WINNING } from '../test/deals.ts';
import { type MemoryHub, memoryHub, raceStarted } from '../test/hub.ts';
import { UNTIMED } from '../test/room-spec.ts';
import { endRefusal, IDLE_BEFORE_END_MS } from './host-end.ts';

let at = Date.parse('2026-06-01T12:00:00Z');
let setup: MemoryHub;

beforeEach(async () => {
  // The graces' timers wait for the test, never for real time; the idle minute is the test's clock.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  setup = await memoryHub(() => at, ['host', 'guest', 'outsider']);
});
afterEach(async () => {
  setup.hub.stop();
  vi.useRealTimers();
  await setup.repos.close();
});

/** The race's row as stored, by the id its games carry. */
const storedRace = () => setup.repos.races.get(setup.push.frames('game')[0]!.game.raceId!);

test('the host ends an untimed race once their own game is over and nobody still playing has moved for a minute; the rest are ranked as not finished', async () => {
  const { hub, games, push, repos } = setup;
  expect(IDLE_BEFORE_END_MS).toBe(60_000);
  const { code, gameOf } = await raceStarted(setup, 'host', 'guest');
  expect((await games.act('guest', gameOf.guest!, 0, WINNING.moves[0]!)).ok).toBe(true);

  expect(await hub.end('host', code)).toEqual({
    ok: false,
    code: 'still-racing',
    message: 'Finish or give up your own game first; then you may end the race.',
  });
  expect(await hub.end('guest', code)).toMatchObject({ ok: false, code: 'not-host' });
  expect(await hub.end('outsider', code)).toMatchObject({ ok: false, code: 'not-in-room' });
  expect((await games.giveUp('host', gameOf.host!)).ok).toBe(true);

  at += 20_000;
  expect(await hub.end('host', code)).toEqual({
    ok: false,
    code: 'racers-moving',
    message:
      'guest is still playing: the race can be ended once nobody still playing has moved for 60 seconds, in 40 seconds at the soonest.',
  });
  // An undo is a move too: the minute starts again from it.
  at += 30_000;
  expect((await games.act('guest', gameOf.guest!, 1, { kind: 'undo' })).ok).toBe(true);
  at += 59_999;
  expect(await hub.end('host', code)).toMatchObject({ ok: false, code: 'racers-moving' });
  // Every refusal changed nothing.
  expect((await storedRace())?.status).toBe('racing');
  expect(push.frames('race-over')).toEqual([]);

  at += 1;
  expect(await hub.end('host', code)).toEqual({ ok: true, value: null });
  await expect.poll(() => push.frames('race-over').length).toBe(2);
  const over = push.frames('race-over')[0]!;
  expect(over.endedBy).toBe('host');
  const results = over.results;
  expect(results.map((r) => [r.playerId, r.won, r.gaveUp, r.moves]).sort()).toEqual([
    ['guest', false, false, 2],
    ['host', false, true, 0],
  ]);
  expect((await repos.games.get(gameOf.guest!))?.status).toBe('timed-out');
  expect((await storedRace())?.status).toBe('finished');
  expect(await games.act('guest', gameOf.guest!, 2, WINNING.moves[0]!)).toMatchObject({ ok: false, code: 'game-over' });
  expect(await hub.end('host', code)).toMatchObject({ ok: false, code: 'no-race' });
});

test('a race with a time limit ends by it, not by its host', async () => {
  const { hub, games, push } = setup;
  const { code, gameOf } = await raceStarted(setup, 'host', 'guest', { ...UNTIMED, timeLimit: 5 });
  expect((await games.giveUp('host', gameOf.host!)).ok).toBe(true);
  at += 4 * 60_000;
  expect(await hub.end('host', code)).toEqual({
    ok: false,
    code: 'timed-race',
    message: 'This race ends by its time limit.',
  });
  expect((await storedRace())?.status).toBe('racing');
  expect(push.frames('race-over')).toEqual([]);
});

test('a host who is not racing waits only for those still playing to be idle, who are all named', () => {
  const racer = (nickname: string, activeAt: number, playing = true) => ({
    playerId: nickname,
    nickname,
    playing,
    activeAt,
  });
  const asked = { hostId: 'host', timed: false, now: 100_000, idleMs: 60_000 };
  const racers = [racer('Ann', 90_000), racer('Ben', 30_000), racer('Cy', 95_000), racer('Dee', 99_000, false)];
  expect(endRefusal({ ...asked, racers })?.message).toBe(
    'Ann and Cy are still playing: the race can be ended once nobody still playing has moved for 60 seconds, in 55 seconds at the soonest.',
  );
  expect(endRefusal({ ...asked, racers: [...racers, racer('Eve', 99_999)] })?.message).toMatch(/^Ann, Cy and Eve are/);
  expect(endRefusal({ ...asked, now: 155_000, racers })).toBeUndefined();
});
