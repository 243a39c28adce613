import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket, WebSocketServer } from 'ws';

/**
 * However a graceful shutdown goes, the process exits this long after the signal. Below
 * docker-compose's `stop_grace_period` (30 s), so the container runtime never has to SIGKILL.
 */
export const SHUTDOWN_DEADLINE_MS = 10_000;

/** WebSocket close code 1012, "service restart": clients reconnect after a short wait. */
export const RESTART_CLOSE_CODE = 1012;
export const RESTART_CLOSE_REASON = 'server restarting';

/** How long a socket has to answer our close frame before it is cut. */
const SOCKET_CLOSE_GRACE_MS = 2000;

/**
 * The frames the socket edge has taken and not finished answering. Once `settle` begins, the
 * edge takes no more frames, and `settle` resolves when every one taken has had its write
 * committed and its reply sent: nothing acknowledged is lost, nothing stored goes unacknowledged.
 */
export class Drain {
  /**
   * How many are in flight: a count, not a set of them, and one callback for all (a frame's
   * tracking allocated a closure and a set entry: the edge tracks every frame).
   */
  private inFlight = 0;
  /** `settle`'s wake-up, called when the count falls to 0. */
  private idle: (() => void) | undefined;
  private readonly finished = () => {
    this.inFlight--;
    if (this.inFlight === 0) this.idle?.();
  };
  private settling = false;

  /** True from the start of shutdown: the edge must not take new frames. */
  get draining(): boolean {
    return this.settling;
  }

  /** Work to wait for. The caller handles its failure; here it only counts as finished. */
  track(work: Promise<unknown>): void {
    this.inFlight++;
    work.then(this.finished, this.finished);
  }

  async settle(): Promise<void> {
    this.settling = true;
    // Work may start more work (a frame that waited for its welcome), so wait until none is left.
    while (this.inFlight > 0) {
      await new Promise<void>((resolve) => {
        this.idle = resolve;
      });
    }
    this.idle = undefined;
  }
}

/** Closes one socket with 1012 and resolves once it is closed, cutting it after a grace period. */
function closeForRestart(socket: WebSocket, graceMs: number): Promise<void> {
  if (socket.readyState === socket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => {
    const cut = setTimeout(() => socket.terminate(), graceMs);
    socket.once('close', () => {
      clearTimeout(cut);
      resolve();
    });
    socket.close(RESTART_CLOSE_CODE, RESTART_CLOSE_REASON);
  });
}

/**
 * The socket side of a graceful shutdown, in the order that loses nothing: stop taking frames
 * and finish those taken (their acks go out), then close every socket with 1012 and wait for
 * them to be gone. Runs as @fastify/websocket's `preClose`, before the HTTP server closes and
 * before the database does.
 */
export async function closeSocketsForRestart(
  wss: WebSocketServer,
  drain: Drain,
  graceMs = SOCKET_CLOSE_GRACE_MS,
): Promise<void> {
  await drain.settle();
  await Promise.all([...wss.clients].map((socket) => closeForRestart(socket, graceMs)));
  await new Promise<void>((resolve) => wss.close(() => resolve()));
}

export interface Closable {
  close(): Promise<unknown>;
  readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export interface SignalSeams {
  readonly deadlineMs?: number;
  readonly exit?: (code: number) => void;
  readonly signals?: Pick<NodeJS.EventEmitter, 'on'>;
}

/**
 * SIGTERM (a deploy, `docker stop`) or SIGINT (Ctrl-C): close the app (sockets drained and
 * closed with 1012, timers stopped, final heartbeat, WAL checkpointed, database closed), then
 * exit 0. Past the deadline the process exits 1 anyway. A repeated signal changes nothing: a
 * terminal and a process manager often both send one.
 */
export function exitOnSignals(app: Closable, seams: SignalSeams = {}): void {
  const deadlineMs = seams.deadlineMs ?? SHUTDOWN_DEADLINE_MS;
  const exit = seams.exit ?? ((code: number) => process.exit(code));
  const signals = seams.signals ?? process;
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn({ signal }, 'already shutting down');
      return;
    }
    closing = true;
    app.log.info({ signal, deadlineMs }, 'shutting down: finishing writes, closing sockets with 1012');
    const deadline = setTimeout(() => {
      app.log.error({ deadlineMs }, 'shutdown deadline passed; exiting without a clean close');
      exit(1);
    }, deadlineMs);
    app.close().then(
      () => {
        clearTimeout(deadline);
        app.log.info('shut down cleanly: database checkpointed and closed');
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(deadline);
        app.log.error({ err: error }, 'shutdown failed');
        exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) signals.on(signal, onSignal);
}
