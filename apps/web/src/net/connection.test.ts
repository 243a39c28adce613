import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { Connection } from './connection.svelte.ts';

/** A socket that records its address and closes when the test says. */
class FakeSocket {
  static readonly OPEN = 1;
  static opened: FakeSocket[] = [];
  readonly url: string;
  readyState = 0;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number; reason: string }) => void) | null = null;
  constructor(url: string) {
    this.url = url;
    FakeSocket.opened.push(this);
  }
  close(code: number, reason: string) {
    this.onclose?.({ code, reason });
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.opened = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('location', { protocol: 'http:', host: 'localhost:8080', pathname: '/r/ABC234' });
  vi.stubGlobal('addEventListener', () => {});
  vi.stubGlobal('document', { addEventListener: () => {}, visibilityState: 'visible' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const urls = () => FakeSocket.opened.map((s) => s.url);

test('closed with 4009 on a room page, the tab reconnects at once to the owner the reason names', () => {
  new Connection().start();
  expect(urls()).toEqual(['ws://localhost:8080/ws?room=ABC234']);
  FakeSocket.opened[0]!.close(4009, 'node-b');
  vi.advanceTimersByTime(0);
  expect(urls()[1]).toBe('ws://localhost:8080/ws?room=ABC234&node=node-b');

  // Sent back again before a welcome: no ping-pong between two processes, the backoff applies.
  FakeSocket.opened[1]!.close(4009, 'node-a');
  vi.advanceTimersByTime(100);
  expect(urls()).toHaveLength(2);
  vi.advanceTimersByTime(2000);
  expect(urls()[2]).toBe('ws://localhost:8080/ws?room=ABC234&node=node-a');
});

test('a 4009 naming no node, or the node the tab was sent to, waits for the backoff', () => {
  const connection = new Connection();
  connection.start();
  FakeSocket.opened[0]!.close(4009, '');
  vi.advanceTimersByTime(100);
  expect(urls()).toHaveLength(1);
  vi.advanceTimersByTime(500);
  expect(urls()[1]).toBe('ws://localhost:8080/ws?room=ABC234');
});

test('any other close waits for the backoff and keeps the owner it knows', () => {
  new Connection().start();
  FakeSocket.opened[0]!.close(1006, '');
  vi.advanceTimersByTime(100);
  expect(urls()).toHaveLength(1);
  vi.advanceTimersByTime(500);
  expect(urls()[1]).toBe('ws://localhost:8080/ws?room=ABC234');
});
