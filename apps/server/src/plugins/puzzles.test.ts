import Fastify from 'fastify';
import { afterEach, expect, test } from 'vitest';
import { ONE_STEP, TWO_STEPS } from '../puzzles/test-puzzles.ts';
import { TEST_SECRET } from '../test/helper.ts';
import { type Bare, bare } from '../test/plugins.ts';
import { basicsPlugin } from './basics.ts';
import { puzzlesPlugin } from './puzzles.ts';
import { redisPlugin } from './redis.ts';
import { storagePlugin } from './storage.ts';

/*
 * The puzzles plugin on a bare app with the real plugins it declares (`test/plugins.ts`): rated
 * puzzles, rush and races on the shipped puzzles given, and the ratings that have moved read
 * again when the plugin starts on the same database.
 */

const NOON = Date.UTC(2026, 5, 1, 12);
let running: Bare | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function withPuzzles(puzzles?: (typeof ONE_STEP)[]): Promise<Bare> {
  running = await bare({ now: () => NOON });
  await running.app.register(puzzlesPlugin, { puzzles, random: () => 0 });
  await running.app.repos.players.create({ id: 'pia', nickname: 'Pia', nicknameKey: 'pia', tokenHash: 'h', at: NOON });
  return running;
}

test('puzzles: without shipped puzzles, the rated puzzles, the rush and the races all say there are none', async () => {
  const { app } = await withPuzzles();
  expect(app.puzzles.size).toBe(0);
  const none = { ok: false, code: 'no-puzzles-left' };
  expect(await app.puzzles.next('pia')).toMatchObject(none);
  expect(await app.puzzleRush.start('pia')).toMatchObject(none);
  expect(await app.puzzleRace.create('pia')).toMatchObject(none);
});

test('puzzles: a rush and a race drawn from the puzzles given, on the clock given', async () => {
  const { app } = await withPuzzles([TWO_STEPS, ONE_STEP]);
  const rush = await app.puzzleRush.start('pia');
  expect(rush).toMatchObject({ ok: true, value: { status: 'playing', index: 0, score: 0 } });
  expect(await app.puzzleRush.home('pia')).toMatchObject({ playing: { status: 'playing' } });
  const lobby = await app.puzzleRace.create('pia');
  if (!lobby.ok) throw new Error(lobby.message);
  expect(lobby.value).toMatchObject({ status: 'lobby', creator: true, member: true });
  const started = await app.puzzleRace.start(lobby.value.code, 'pia');
  expect(started).toMatchObject({ ok: true, value: { status: 'countdown' } });
});

test('puzzles: a rated puzzle served, and its moved rating read again when the plugin starts', async () => {
  const { app, databasePath } = await withPuzzles([TWO_STEPS, ONE_STEP]);
  const served = await app.puzzles.next('pia');
  if (!served.ok) throw new Error(served.message);
  const puzzle = [TWO_STEPS, ONE_STEP].find((p) => p.id === served.value.puzzleId)!;
  const before = app.puzzles.ratingOf(puzzle);
  expect(await app.puzzles.giveUp('pia', served.value.attemptId)).toMatchObject({
    ok: true,
    value: { result: 'gave-up' },
  });
  const moved = app.puzzles.ratingOf(puzzle);
  expect(moved).not.toStrictEqual(before);

  // The same database opened again, closed before the bare app's removes its directory.
  const again = Fastify();
  try {
    await again.register(basicsPlugin, { now: () => NOON });
    await again.register(redisPlugin, {});
    await again.register(storagePlugin, { databasePath, secret: TEST_SECRET });
    await again.register(puzzlesPlugin, { puzzles: [TWO_STEPS, ONE_STEP] });
    expect(again.puzzles.ratingOf(puzzle)).toStrictEqual(moved);
  } finally {
    await again.close();
  }
});
