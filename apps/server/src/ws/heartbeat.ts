import type { WebSocket } from 'ws';

/**
 * How often a slice of the sockets is pinged: the period is split into ticks of about this. A
 * ping is a socket write (about 30 µs here): at 1 s ticks a process with 1,000 sockets paused
 * for a millisecond every second, and one with 10,000 for ten.
 */
const TICK_MS = 100;

/**
 * Pings every socket once a period and drops those that did not answer the ping before. The
 * sockets are dealt into slices pinged one after another across the period: a thousand pings
 * in one go held the event loop for 30–40 ms, long enough to show in the p99 of every move.
 * Each socket keeps its slice, so it always has a whole period to answer.
 */
export class Heartbeat {
  private readonly slices: Set<WebSocket>[];
  private readonly alive = new WeakMap<WebSocket, boolean>();
  private readonly timer: NodeJS.Timeout;
  private next = 0;
  private dealt = 0;

  constructor(periodMs: number) {
    const tickMs = Math.min(periodMs, TICK_MS);
    this.slices = Array.from({ length: Math.ceil(periodMs / tickMs) }, () => new Set<WebSocket>());
    this.timer = setInterval(() => this.tick(), tickMs);
    this.timer.unref();
  }

  add(socket: WebSocket): void {
    const slice = this.slices[this.dealt++ % this.slices.length]!;
    slice.add(socket);
    this.alive.set(socket, true);
    socket.on('pong', () => this.alive.set(socket, true));
    socket.on('close', () => slice.delete(socket));
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private tick(): void {
    const slice = this.slices[this.next]!;
    this.next = (this.next + 1) % this.slices.length;
    for (const socket of slice) {
      if (this.alive.get(socket) === false) {
        socket.terminate();
        continue;
      }
      this.alive.set(socket, false);
      socket.ping();
    }
  }
}
