import { afterEach, describe, expect, it, vi } from 'vitest';
import { mainWidth, observeMain } from './mainWidth.ts';

/** A ResizeObserver the test drives: `resize` delivers what the browser would after a layout. */
class FakeObserver {
  static last: FakeObserver | undefined;
  observed: Element[] = [];
  readonly callback: (entries: { contentBoxSize: { inlineSize: number }[] }[]) => void;
  constructor(callback: FakeObserver['callback']) {
    this.callback = callback;
    FakeObserver.last = this;
  }
  observe(el: Element) {
    this.observed.push(el);
  }
  disconnect() {
    this.observed = [];
  }
  resize(inlineSize: number) {
    if (this.observed.length > 0) this.callback([{ contentBoxSize: [{ inlineSize }] }]);
  }
}

describe('mainWidth', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is the main column content width as last laid out, rounded as clientWidth is, and stops with its cleanup', () => {
    vi.stubGlobal('ResizeObserver', FakeObserver);
    const main = {} as Element;
    const stop = observeMain(main);
    const observer = FakeObserver.last!;
    expect(observer.observed).toEqual([main]);
    observer.resize(404);
    expect(mainWidth()).toBe(404);
    observer.resize(1159.6);
    expect(mainWidth()).toBe(1160);
    stop();
    observer.resize(300);
    expect(mainWidth()).toBe(1160);
  });
});
