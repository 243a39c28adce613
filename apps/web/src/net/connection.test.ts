import { PROTOCOL_VERSION } from '@scorpion/protocol';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { Connection, SETTLED_MS } from './connection.svelte.ts';

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
  /** The server lets the socket in. */
  welcome() {
    this.readyState = FakeSocket.OPEN;
    this.onmessage?.({ data: JSON.stringify({ type: 'welcome', protocol: PROTOCOL_VERSION, games: [] }) });
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.opened = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('location', { protocol: 'http:', host: 'localhost:8080', pathname: '/r/ABC234' });
  vi.stubGlobal('addEventListener', () => {});
  vi.stubGlobal('document', { addEventListener: () => {}, removeEventListener: () => {}, visibilityState: 'visible' });
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

test('sockets let in and at once sent away (a takeover under way) back off: no tight loop of welcomes and room-joins', () => {
  const connection = new Connection();
  let joins = 0;
  connection.onReady(() => joins++);
  connection.start();
  FakeSocket.opened[0]!.close(1006, '');
  // For 30 s every socket is let in and then sent away naming no owner, as a process does whose
  // race is not live there yet.
  for (let ms = 0; ms < 30_000; ms += 50) {
    vi.advanceTimersByTime(50);
    const last = FakeSocket.opened.at(-1)!;
    if (last.readyState === FakeSocket.OPEN) continue;
    last.welcome();
    last.close(4009, '');
  }
  // The waits grow as if no welcome had come (at least 150 ms + 0.5 + 1 + 1.5 s, then 2.5 s):
  // without that, a reconnection every 0.15–0.45 s would have spent 60 room-joins in half a minute.
  expect(joins).toBeGreaterThan(3);
  expect(joins).toBeLessThanOrEqual(15);
});

test('a connection that has held resets the backoff: a 4009 then goes at once to the owner named', () => {
  const connection = new Connection();
  connection.start();
  FakeSocket.opened[0]!.close(1006, '');
  vi.advanceTimersByTime(500);
  FakeSocket.opened[1]!.close(1006, '');
  vi.advanceTimersByTime(1500);
  FakeSocket.opened[2]!.welcome();
  expect(connection.status).toBe('online');
  vi.advanceTimersByTime(SETTLED_MS);
  FakeSocket.opened[2]!.close(4009, 'node-c');
  vi.advanceTimersByTime(0);
  expect(urls()[3]).toBe('ws://localhost:8080/ws?room=ABC234&node=node-c');
});
