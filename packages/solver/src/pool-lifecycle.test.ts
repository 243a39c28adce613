import { dealFromSeed, newGame } from '@scorpion/rules';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createSolverPool,
  type PoolTimers,
  type SolverPool,
  SolverUnavailableError,
  type WorkerDeath,
} from './pool.ts';

const OPTIONS = { foundations: false, open: false };
const POSITION = newGame('scorpion', OPTIONS, dealFromSeed('scorpion', '736637684093e4443300bee3bcccccdd'));
const CANNOT_LOAD = new URL('./test-workers/broken-import.mjs', import.meta.url);
const DIES_ON_DEMAND = new URL('./test-workers/dies-on-demand.mjs', import.meta.url);
/** Decks that make the stand-in thread (`dies-on-demand.mjs`) exit with code 7, or throw. */
const EXIT = [-1];
const THROW = [-2];

/** Timers that fire only when the test moves the clock: backoffs are checked, never slept. */
class ManualTimers implements PoolTimers {
  private at = 0;
  private next = 1;
  private readonly due = new Map<number, { at: number; run: () => void }>();

  now(): number {
    return this.at;
  }

  setTimeout(run: () => void, ms: number): number {
    const id = this.next++;
    this.due.set(id, { at: this.at + ms, run });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.due.delete(handle as number);
  }

  get waiting(): number {
    return this.due.size;
  }

  advance(ms: number): void {
    this.at += ms;
    for (const [id, timer] of [...this.due].sort((a, b) => a[1].at - b[1].at)) {
      if (timer.at > this.at) continue;
      this.due.delete(id);
      timer.run();
    }
  }
}

/** The pool's next thread death (listening starts now, before it can happen). */
function nextDeath(pool: SolverPool): Promise<WorkerDeath> {
  return new Promise((resolve) => {
    const stop = pool.onDeath((death) => {
      stop();
      resolve(death);
    });
  });
}

const pools: SolverPool[] = [];
function poolOf(options: Parameters<typeof createSolverPool>[0]): SolverPool {
  const pool = createSolverPool(options);
  pools.push(pool);
  return pool;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

describe('a solver pool whose threads die', () => {
  it('cannot load its thread: the task fails typed, restarts back off 250, 500, 1000 ms… up to the cap', async () => {
    const timers = new ManualTimers();
    const pool = poolOf({ entry: CANNOT_LOAD, timers, backoff: { firstMs: 250, maxMs: 2000 } });
    const death = nextDeath(pool);
    const task = pool.certify('scorpion', OPTIONS, [0]);
    await expect(task).rejects.toBeInstanceOf(SolverUnavailableError);
    await expect(task).rejects.toThrow('the solver thread died during this task (exit code 1)');
    const first = await death;
    expect(first.restartInMs).toBe(250);
    expect(first.error?.message).toContain('scorpion-no-such-package');
    expect(pool.health()).toEqual({
      threads: 1,
      alive: 0,
      backingOff: 1,
      deaths: 1,
      restarts: 0,
      waiting: 0,
      problem: '1 of 1 solver threads died; the next restart is in 250 ms',
    });
    // With no thread running, a task fails at once rather than wait for a restart that may not come.
    await expect(pool.hint(POSITION)).rejects.toThrow(/^1 of 1 solver threads died; the next restart is in 250 ms$/);

    timers.advance(249);
    expect(pool.health().restarts).toBe(0);
    let waited = 1;
    for (const backoff of [500, 1000, 2000, 2000]) {
      const next = nextDeath(pool);
      timers.advance(waited);
      expect((await next).restartInMs).toBe(backoff);
      waited = backoff;
    }
    expect(pool.health()).toMatchObject({ alive: 0, deaths: 5, restarts: 4 });
    await pool.close();
    expect(timers.waiting).toBe(0);
    expect(pool.health().problem).toBe('the solver pool is closed');
  }, 20_000);

  it('dies during a task: that task and those waiting fail; the restarted thread works, the streak starts again', async () => {
    const timers = new ManualTimers();
    const pool = poolOf({ entry: DIES_ON_DEMAND, timers, backoff: { firstMs: 250, maxMs: 2000 } });
    expect(await pool.solve(POSITION)).toEqual({ kind: 'solve' });

    const death = nextDeath(pool);
    const dying = pool.certify('scorpion', OPTIONS, EXIT);
    const waiting = pool.hint(POSITION);
    await expect(dying).rejects.toThrow('the solver thread died during this task (exit code 7)');
    await expect(waiting).rejects.toThrow(/^every solver thread died \(exit code 7\); a restart comes in 250 ms$/);
    expect(await death).toEqual({ error: undefined, exitCode: 7, restartInMs: 250 });

    // A second death in a row backs off twice as long…
    timers.advance(250);
    const again = nextDeath(pool);
    await expect(pool.certify('scorpion', OPTIONS, THROW)).rejects.toBeInstanceOf(SolverUnavailableError);
    expect(await again).toMatchObject({ exitCode: 1, restartInMs: 500, error: { message: /uncaught error/ } });

    // …and an answered task resets the streak: the next death waits 250 ms again.
    timers.advance(500);
    expect(await pool.hint(POSITION)).toEqual({ kind: 'hint' });
    const third = nextDeath(pool);
    await expect(pool.certify('scorpion', OPTIONS, EXIT)).rejects.toBeInstanceOf(SolverUnavailableError);
    expect((await third).restartInMs).toBe(250);
    expect(pool.health()).toMatchObject({ deaths: 3, restarts: 2 });
  }, 20_000);

  it('with two threads, a death fails only its own task; the other thread serves the queue', async () => {
    const timers = new ManualTimers();
    const pool = poolOf({ entry: DIES_ON_DEMAND, timers, threads: 2 });
    const death = nextDeath(pool);
    const results = Promise.allSettled([
      pool.certify('scorpion', OPTIONS, EXIT),
      pool.solve(POSITION),
      pool.hint(POSITION),
      pool.solve(POSITION),
    ]);
    await death;
    const [dead, ...served] = await results;
    expect(dead).toMatchObject({ status: 'rejected', reason: expect.any(SolverUnavailableError) });
    expect(served.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(pool.health()).toMatchObject({ alive: 1, backingOff: 1, problem: /^1 of 2 solver threads died/ });
  }, 20_000);

  it('repeated deaths within the window keep it unhealthy while its threads run, until they age out', async () => {
    const timers = new ManualTimers();
    const pool = poolOf({
      entry: DIES_ON_DEMAND,
      timers,
      backoff: { firstMs: 10, maxMs: 1000 },
      unhealthyAfter: { deaths: 3, withinMs: 60_000 },
    });
    for (const backoff of [10, 20, 40]) {
      const death = nextDeath(pool);
      await expect(pool.certify('scorpion', OPTIONS, EXIT)).rejects.toBeInstanceOf(SolverUnavailableError);
      await death;
      timers.advance(backoff);
    }
    expect(await pool.solve(POSITION)).toEqual({ kind: 'solve' });
    expect(pool.health()).toMatchObject({
      alive: 1,
      deaths: 3,
      restarts: 3,
      problem: '3 solver thread deaths in the last 60 s',
    });
    timers.advance(60_000);
    expect(pool.health().problem).toBeUndefined();
  }, 20_000);

  it('once closed, a task fails typed and no restart is pending', async () => {
    const timers = new ManualTimers();
    const pool = poolOf({ entry: DIES_ON_DEMAND, timers });
    const death = nextDeath(pool);
    await expect(pool.certify('scorpion', OPTIONS, EXIT)).rejects.toBeInstanceOf(SolverUnavailableError);
    await death;
    expect(timers.waiting).toBe(1);
    await pool.close();
    expect(timers.waiting).toBe(0);
    await expect(pool.solve(POSITION)).rejects.toThrow(new SolverUnavailableError('the solver pool is closed'));
  }, 20_000);
});
