import { EventEmitter } from 'node:events';
import { expect, test, vi } from 'vitest';
import { Drain, exitOnSignals, SHUTDOWN_DEADLINE_MS } from './shutdown.ts';

function fakeApp(close: () => Promise<unknown>) {
  return { close: vi.fn(close), log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() } };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

test('SIGTERM closes the app once and exits 0; a second signal changes nothing', async () => {
  const app = fakeApp(async () => undefined);
  const signals = new EventEmitter();
  const exit = vi.fn();
  exitOnSignals(app, { signals, exit });
  signals.emit('SIGTERM', 'SIGTERM');
  signals.emit('SIGINT', 'SIGINT');
  await settled();
  expect(app.close).toHaveBeenCalledTimes(1);
  expect(exit.mock.calls).toEqual([[0]]);
  expect(app.log.warn).toHaveBeenCalledWith({ signal: 'SIGINT' }, 'already shutting down');
});

test('past the deadline the process exits 1 with a log line, even if close never ends', async () => {
  const app = fakeApp(() => new Promise(() => {}));
  const signals = new EventEmitter();
  const exit = vi.fn();
  exitOnSignals(app, { signals, exit, deadlineMs: 20 });
  signals.emit('SIGINT', 'SIGINT');
  await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1));
  expect(app.log.error).toHaveBeenCalledWith({ deadlineMs: 20 }, expect.stringMatching(/deadline/));
  // Below docker-compose's stop_grace_period of 30 s.
  expect(SHUTDOWN_DEADLINE_MS).toBeLessThan(30_000);
});

test('a close that fails exits 1 and says why', async () => {
  const failure = new Error('disk gone');
  const app = fakeApp(async () => {
    throw failure;
  });
  const signals = new EventEmitter();
  const exit = vi.fn();
  exitOnSignals(app, { signals, exit });
  signals.emit('SIGTERM', 'SIGTERM');
  await settled();
  expect(exit.mock.calls).toEqual([[1]]);
  expect(app.log.error).toHaveBeenCalledWith({ err: failure }, 'shutdown failed');
});

test('the drain waits for tracked work, failed work included, and for work that starts more work', async () => {
  const drain = new Drain();
  expect(drain.draining).toBe(false);
  const finished: string[] = [];
  let release!: () => void;
  const slow = new Promise<void>((resolve) => {
    release = resolve;
  }).then(() => {
    finished.push('slow');
    drain.track(settled().then(() => finished.push('follow-up')));
  });
  drain.track(slow);
  const failing = Promise.reject(new Error('handled elsewhere'));
  failing.catch(() => finished.push('failed'));
  drain.track(failing);

  const settling = drain.settle();
  expect(drain.draining).toBe(true);
  setTimeout(release, 10);
  await settling;
  expect(finished).toEqual(['failed', 'slow', 'follow-up']);
});
