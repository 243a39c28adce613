import { EventEmitter } from 'node:events';
import { afterEach, expect, test, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { Heartbeat } from './heartbeat.ts';

/** Just what the heartbeat uses of a socket: ping, terminate, and the pong and close events. */
class FakeSocket extends EventEmitter {
  pings = 0;
  terminated = false;
  answers = true;
  ping() {
    this.pings++;
    if (this.answers) queueMicrotask(() => this.emit('pong'));
  }
  terminate() {
    this.terminated = true;
    this.emit('close');
  }
}

afterEach(() => {
  vi.useRealTimers();
});

test('pings a slice of the sockets every tenth of a second, each socket once a period, and drops the silent', async () => {
  vi.useFakeTimers();
  const heartbeat = new Heartbeat(30_000);
  const sockets = Array.from({ length: 3000 }, () => new FakeSocket());
  for (const s of sockets) heartbeat.add(s as unknown as WebSocket);
  const silent = sockets[7]!;
  silent.answers = false;

  await vi.advanceTimersByTimeAsync(100);
  // 300 slices of 10: the first tick pings only the first slice.
  expect(sockets.reduce((n, s) => n + s.pings, 0)).toBe(10);
  await vi.advanceTimersByTimeAsync(29_900);
  expect(sockets.every((s) => s.pings === 1)).toBe(true);
  expect(silent.terminated).toBe(false);

  // One period on, the socket that never answered is dropped; the rest are pinged again.
  await vi.advanceTimersByTimeAsync(30_000);
  expect(silent.terminated).toBe(true);
  expect(sockets.filter((s) => s !== silent).every((s) => s.pings === 2 && !s.terminated)).toBe(true);
  heartbeat.stop();
});

test('a short period is one slice: every socket every period', async () => {
  vi.useFakeTimers();
  const heartbeat = new Heartbeat(100);
  const sockets = Array.from({ length: 5 }, () => new FakeSocket());
  for (const s of sockets) heartbeat.add(s as unknown as WebSocket);
  await vi.advanceTimersByTimeAsync(100);
  expect(sockets.every((s) => s.pings === 1)).toBe(true);
  heartbeat.stop();
});
