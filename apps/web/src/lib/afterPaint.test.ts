import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPaint, markPainted } from './afterPaint.ts';

describe('afterPaint', () => {
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', (id: number) => {
      frames[id - 1] = () => {};
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  const paint = () => {
    for (const cb of frames.splice(0)) cb(0);
  };

  it('runs only in a task after the next frame, not in the frame itself', () => {
    const fn = vi.fn();
    afterPaint(fn);
    vi.runAllTimers();
    expect(fn).not.toHaveBeenCalled();
    paint();
    expect(fn).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(fn).toHaveBeenCalledOnce();
  });

  it('runs nothing once cancelled, before the frame or after it', () => {
    const early = vi.fn();
    afterPaint(early)();
    paint();
    vi.runAllTimers();
    expect(early).not.toHaveBeenCalled();
    const late = vi.fn();
    const cancel = afterPaint(late);
    paint();
    cancel();
    vi.runAllTimers();
    expect(late).not.toHaveBeenCalled();
  });

  it('marks the page once painted, and only the first time', () => {
    const marks: string[] = [];
    vi.stubGlobal('performance', {
      mark: (name: string) => marks.push(name),
      getEntriesByName: (name: string) => marks.filter((m) => m === name),
    });
    markPainted('start-pressable');
    vi.runAllTimers();
    expect(marks).toEqual([]);
    paint();
    vi.runAllTimers();
    expect(marks).toEqual(['start-pressable']);
    markPainted('start-pressable');
    paint();
    vi.runAllTimers();
    expect(marks).toEqual(['start-pressable']);
  });
});
