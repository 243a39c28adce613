import { afterEach, describe, expect, it, vi } from 'vitest';
import { DragState, SNAP_MS } from './drag.svelte.ts';

const spans = () => [
  { left: 0, right: 50 },
  { left: 60, right: 110 },
];

describe('DragState', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stays a tap until the pointer travels, then follows it over the columns', () => {
    const drag = new DragState();
    drag.press({ kind: 'column', column: 0, row: 2 }, 25, 100, 7);
    expect(drag.move(27, 101, spans)).toBe(false);
    expect(drag.dragging).toBe(false);
    expect(drag.move(85, 120, spans)).toBe(true);
    expect(drag.dragging).toBe(true);
    expect(drag.over).toBe(1);
    expect([drag.dx, drag.dy]).toEqual([60, 20]);
    expect(drag.isPointer(7)).toBe(true);
    expect(drag.isPointer(8)).toBe(false);
  });

  it('snaps back home at once when motion is reduced', () => {
    const drag = new DragState();
    drag.press({ kind: 'column', column: 0, row: 2 }, 25, 100, 1);
    drag.move(85, 120, spans);
    drag.snapBack(true);
    expect(drag.pick).toBeUndefined();
    expect(drag.dragging).toBe(false);
  });

  it('animates home otherwise, ignoring the pointer meanwhile', () => {
    const drag = new DragState();
    drag.press({ kind: 'column', column: 0, row: 2 }, 25, 100, 1);
    drag.move(85, 120, spans);
    drag.snapBack(false);
    expect(drag.returning).toBe(true);
    expect([drag.dx, drag.dy]).toEqual([0, 0]);
    expect(drag.isPointer(1)).toBe(false);
  });

  it('forgets the press once the snap-back has run', () => {
    vi.useFakeTimers();
    const drag = new DragState();
    drag.press({ kind: 'column', column: 0, row: 2 }, 25, 100, 1);
    drag.move(85, 120, spans);
    drag.snapBack(false);
    vi.advanceTimersByTime(SNAP_MS);
    expect(drag.pick).toBeUndefined();
    expect(drag.returning).toBe(false);
  });

  it('keeps a card pressed again during the snap-back: the old snap-back does not drop it mid-drag', () => {
    vi.useFakeTimers();
    const drag = new DragState();
    drag.press({ kind: 'column', column: 0, row: 2 }, 25, 100, 1);
    drag.move(85, 120, spans);
    drag.snapBack(false);
    vi.advanceTimersByTime(SNAP_MS / 2);
    drag.press({ kind: 'column', column: 0, row: 2 }, 25, 100, 2);
    drag.move(85, 120, spans);
    vi.advanceTimersByTime(SNAP_MS);
    expect(drag.pick).toEqual({ kind: 'column', column: 0, row: 2 });
    expect(drag.dragging).toBe(true);
    expect(drag.isPointer(2)).toBe(true);
  });
});
