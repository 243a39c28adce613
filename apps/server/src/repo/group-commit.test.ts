import { expect, test } from 'vitest';
import { CommitGate } from '../db/commit-gate.ts';
import { groupCommits, timedWindow } from './group-commit.ts';

const turnEnds = () => new Promise((resolve) => setImmediate(resolve));

test('what is added in one turn is committed together once the turn ends', async () => {
  const commits: number[][] = [];
  const add = groupCommits<number>(4, (batch) => commits.push(batch));
  add(1);
  add(2);
  add(3);
  expect(commits).toStrictEqual([]);
  await turnEnds();
  expect(commits).toStrictEqual([[1, 2, 3]]);
  add(4);
  await turnEnds();
  expect(commits).toStrictEqual([[1, 2, 3], [4]]);
});

test('a group that reaches the cap is committed at once, in the same turn; the rest when the turn ends, and no empty commit', async () => {
  const commits: number[][] = [];
  const add = groupCommits<number>(4, (batch) => commits.push(batch));
  for (const item of [1, 2, 3, 4]) add(item);
  expect(commits).toStrictEqual([[1, 2, 3, 4]]);
  for (const item of [5, 6, 7, 8, 9]) add(item);
  expect(commits).toStrictEqual([
    [1, 2, 3, 4],
    [5, 6, 7, 8],
  ]);
  await turnEnds();
  await turnEnds();
  expect(commits).toStrictEqual([[1, 2, 3, 4], [5, 6, 7, 8], [9]]);
});

test('a full group left nothing behind: the turn ends without a commit', async () => {
  const commits: number[][] = [];
  const add = groupCommits<number>(2, (batch) => commits.push(batch));
  add(1);
  add(2);
  await turnEnds();
  expect(commits).toStrictEqual([[1, 2]]);
});

test('while the gate is held nothing is committed; at the release all of it is, in order, a group at a time, before anything later', async () => {
  const commits: number[][] = [];
  const gate = new CommitGate();
  const add = groupCommits<number>(2, (batch) => commits.push(batch), gate);
  gate.hold();
  for (const item of [1, 2, 3, 4, 5]) add(item);
  await turnEnds();
  expect(commits).toStrictEqual([]);
  gate.release();
  add(6);
  expect(commits).toStrictEqual([[1, 2], [3, 4], [5]]);
  await turnEnds();
  expect(commits).toStrictEqual([[1, 2], [3, 4], [5], [6]]);
});

/** A timer moved by hand: `advance` runs, in time order, what falls due. */
function manualTimer() {
  let now = 0;
  const due: { at: number; run: () => void }[] = [];
  return {
    now: () => now,
    after(ms: number, run: () => void) {
      due.push({ at: now + ms, run });
    },
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        due.sort((a, b) => a.at - b.at);
        if (due[0] === undefined || due[0].at > until) break;
        const next = due.shift()!;
        now = next.at;
        next.run();
      }
      now = until;
    },
  };
}

test('a timed window commits what came within it together, when it closes, and never later', () => {
  const timer = manualTimer();
  const commits: { at: number; batch: number[] }[] = [];
  const add = groupCommits<number>(
    100,
    (batch) => commits.push({ at: timer.now(), batch }),
    undefined,
    timedWindow(5, timer),
  );
  add(1);
  timer.advance(2);
  add(2);
  timer.advance(2.9);
  add(3);
  expect(commits).toStrictEqual([]);
  timer.advance(0.1);
  // Opened by 1 at 0: closed at 5, with what came before it; 1 waited the whole window, no more.
  expect(commits).toStrictEqual([{ at: 5, batch: [1, 2, 3] }]);
  timer.advance(3);
  add(4);
  timer.advance(4.9);
  expect(commits).toHaveLength(1);
  timer.advance(0.1);
  // The next window opens with its own first item (at 8), not on a fixed beat.
  expect(commits).toStrictEqual([
    { at: 5, batch: [1, 2, 3] },
    { at: 13, batch: [4] },
  ]);
  timer.advance(100);
  expect(commits).toHaveLength(2);
});

test('a group that reaches the cap is committed at once; the closing of its window does not cut the next one short', () => {
  const timer = manualTimer();
  const commits: { at: number; batch: number[] }[] = [];
  const add = groupCommits<number>(
    3,
    (batch) => commits.push({ at: timer.now(), batch }),
    undefined,
    timedWindow(5, timer),
  );
  add(1);
  add(2);
  timer.advance(1);
  add(3);
  expect(commits).toStrictEqual([{ at: 1, batch: [1, 2, 3] }]);
  timer.advance(2);
  add(4);
  // At 5 the first window's close comes, stale: 4's window runs from 3 to 8.
  timer.advance(2);
  expect(commits).toHaveLength(1);
  timer.advance(3);
  expect(commits).toStrictEqual([
    { at: 1, batch: [1, 2, 3] },
    { at: 8, batch: [4] },
  ]);
});
