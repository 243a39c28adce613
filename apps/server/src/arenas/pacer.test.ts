import { expect, test } from 'vitest';
import { Pacer } from './pacer.ts';

/**
 * An arena's pushes on an injected clock: `changes` are the times results come in; each wait
 * `changed` asks for is kept as a timer, and a timer that comes due pushes. Returns the pushes.
 */
function pushes(changes: number[], until: number): number[] {
  const pacer = new Pacer();
  const out: number[] = [];
  let timer: number | null = null;
  const queue = [...changes];
  for (let now = 0; now <= until; now++) {
    if (timer === now) {
      pacer.pushed(now);
      out.push(now);
      timer = null;
    }
    while (queue[0] === now) {
      queue.shift();
      const wait = pacer.changed(now);
      if (wait !== null) timer = now + wait;
      if (timer === now) {
        pacer.pushed(now);
        out.push(now);
        timer = null;
      }
    }
  }
  return out;
}

test('a change after a quiet second is pushed at once', () => {
  expect(pushes([100, 5000], 6000)).toEqual([100, 5000]);
});

test('changes within a second of a push wait for the second to pass and go out together', () => {
  expect(pushes([100, 150, 400, 900, 1099, 1100, 1700], 4000)).toEqual([100, 1100, 2100]);
});

test('a steady stream of changes is pushed once a second, never more', () => {
  const stream = Array.from({ length: 1000 }, (_, i) => i * 7);
  const out = pushes(stream, 8000);
  expect(out).toEqual([0, 1000, 2000, 3000, 4000, 5000, 6000, 7000]);
});

test('no change, no push', () => {
  expect(pushes([], 5000)).toEqual([]);
  const pacer = new Pacer();
  expect(pacer.changed(10)).toBe(0);
  expect(pacer.changed(20)).toBeNull();
  pacer.pushed(20);
  expect(pacer.changed(500)).toBe(520);
});
