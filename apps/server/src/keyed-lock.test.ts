import { expect, test } from 'vitest';
import { KeyedLock } from './keyed-lock.ts';

/** A promise and its resolve, to finish a task when the test says. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

test('tasks of one key run one after another, in order, even when one fails; other keys do not wait', async () => {
  const lock = new KeyedLock();
  const log: string[] = [];
  const first = gate();
  const a1 = lock.run('a', async () => {
    log.push('a1 start');
    await first.opened;
    log.push('a1 end');
    throw new Error('a1 failed');
  });
  const a2 = lock.run('a', async () => {
    log.push('a2');
    return 2;
  });
  const b1 = lock.run('b', async () => {
    log.push('b1');
    return 1;
  });
  // A task starts in a later microtask, never within `run`.
  expect(log).toEqual([]);
  await b1;
  expect(log).toEqual(['a1 start', 'b1']);
  first.open();
  await expect(a1).rejects.toThrow('a1 failed');
  expect(await a2).toBe(2);
  expect(log).toEqual(['a1 start', 'b1', 'a1 end', 'a2']);
});

test('a key is let go once its last task is over, and taken again afresh', async () => {
  const lock = new KeyedLock();
  const held = gate();
  const running = lock.run('a', () => held.opened);
  const queued = lock.run('a', async () => 'next');
  expect(lock.busy).toBe(1);
  held.open();
  await running;
  expect(await queued).toBe('next');
  // The release runs a microtask after the task's own promise.
  await Promise.resolve();
  expect(lock.busy).toBe(0);
  expect(await lock.run('a', async () => 'again')).toBe('again');
  await Promise.resolve();
  expect(lock.busy).toBe(0);
});

test("take holds a free key at once, in the caller's turn; behind it, takes and runs wait their turn in order", async () => {
  const lock = new KeyedLock();
  const log: string[] = [];
  expect(lock.take('a')).toBeUndefined();
  const second = lock.take('a');
  expect(second).toBeInstanceOf(Promise);
  const third = lock.run('a', async () => {
    log.push('third');
  });
  const waited = second!.then(() => log.push('second'));
  expect(lock.busy).toBe(1);
  expect(lock.take('b')).toBeUndefined();
  expect(lock.busy).toBe(2);
  lock.release('b');
  await Promise.resolve();
  expect(log).toEqual([]);
  lock.release('a');
  await waited;
  expect(log).toEqual(['second']);
  lock.release('a');
  await third;
  expect(log).toEqual(['second', 'third']);
  await Promise.resolve();
  expect(lock.busy).toBe(0);
});
