import { expect, test } from 'vitest';
import { WINNING } from '../test/deals.ts';
import { recorded } from '../test/recorded.ts';
import { GhostTimeline } from './timeline.ts';

test('the ghost stands where the game stood at each moment of its clock, undo and redo counted, and ends at its time', () => {
  const [m0, m1] = WINNING.moves;
  const { row, log } = recorded(
    [
      { at: 1000, action: m0! },
      { at: 2000, action: m1! },
      { at: 3000, action: { kind: 'undo' } },
      { at: 4000, action: { kind: 'redo' } },
    ],
    { status: 'gave-up', timeMs: 9000 },
  );
  const timeline = GhostTimeline.of(row, log);
  expect(timeline.at(0)).toMatchObject({ moves: 0, faceDown: 12, state: 'playing', timeMs: null });
  expect(timeline.at(999).moves).toBe(0);
  expect(timeline.at(1000).moves).toBe(1);
  expect(timeline.at(3500)).toMatchObject({ moves: 3 });
  expect(timeline.at(3500).progress).toBe(timeline.at(1500).progress);
  expect(timeline.at(8999)).toMatchObject({ moves: 4, state: 'playing' });
  expect(timeline.at(9000)).toMatchObject({ moves: 4, state: 'gave-up', timeMs: 9000 });
  expect(timeline.at(1e9)).toMatchObject({ state: 'gave-up' });
  expect(timeline.nextAfter(0)).toBe(1000);
  expect(timeline.nextAfter(4000)).toBe(9000);
  expect(timeline.nextAfter(9000)).toBeUndefined();
  // A point holds no card: only counts, a state and times.
  expect(Object.keys(timeline.at(2000)).sort()).toEqual(['atMs', 'faceDown', 'moves', 'progress', 'state', 'timeMs']);
});

test('a game still in play has no ghost', () => {
  const { row, log } = recorded([], { status: 'won', timeMs: 0 });
  expect(() => GhostTimeline.of({ ...row, status: 'playing', timeMs: null }, log)).toThrow(/not over/);
});
