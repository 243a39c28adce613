import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { RELOAD_MAX_MS, RELOAD_MS, Reloads } from './reloads.ts';

const room = { code: 'ROOM42' };
let clock: number;
let loads: number;
let failing: boolean;
let logged: string[];
let reloads: Reloads<typeof room>;

beforeEach(() => {
  vi.useFakeTimers();
  clock = 0;
  loads = 0;
  failing = false;
  logged = [];
  reloads = new Reloads(
    async () => {
      loads++;
      if (failing) throw new Error('database away');
    },
    (error, code) => logged.push(`${code}: ${(error as Error).message}`),
    () => clock,
  );
});
afterEach(() => {
  reloads.stop();
  vi.useRealTimers();
});

/** Moves the wall clock and the timers on together. */
async function after(ms: number) {
  clock += ms;
  await vi.advanceTimersByTimeAsync(ms);
}

test('a room is loaded again once however often it is asked for meanwhile, and sooner when its last load is long past', async () => {
  reloads.soon(room);
  reloads.soon(room);
  await after(RELOAD_MS - 1);
  expect(loads).toBe(0);
  await after(1);
  expect(loads).toBe(1);
  // A step failing again right after the load: the room waits twice as long.
  reloads.soon(room);
  await after(RELOAD_MS);
  expect(loads).toBe(1);
  await after(RELOAD_MS);
  expect(loads).toBe(2);
  // Quiet for a while: the next failure is waited out as the first was.
  await after(2 * RELOAD_MAX_MS);
  reloads.soon(room);
  await after(RELOAD_MS);
  expect(loads).toBe(3);
});

test('a load that fails is logged and tried again, less and less often, never past a minute, until the process stops', async () => {
  failing = true;
  reloads.soon(room);
  const waits = [RELOAD_MS, 2 * RELOAD_MS, 4 * RELOAD_MS, 8 * RELOAD_MS, 16 * RELOAD_MS, 32 * RELOAD_MS];
  for (const [i, wait] of [...waits, RELOAD_MAX_MS, RELOAD_MAX_MS].entries()) {
    await after(wait - 1);
    expect(loads).toBe(i);
    await after(1);
    expect(loads).toBe(i + 1);
  }
  expect(logged).toHaveLength(8);
  expect(logged[0]).toBe('ROOM42: database away');
  reloads.stop();
  await after(10 * RELOAD_MAX_MS);
  expect(loads).toBe(8);
});
