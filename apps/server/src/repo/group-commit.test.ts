import { expect, test } from 'vitest';
import { CommitGate } from '../db/commit-gate.ts';
import { groupCommits } from './group-commit.ts';

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
