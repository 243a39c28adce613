import type { ChildProcess } from 'node:child_process';

/** The first restart waits this long; each quick death doubles it, up to `MAX_BACKOFF_MS`. */
const FIRST_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 30_000;
/** An engine that ran this long before dying is restarted after the first backoff again. */
const STEADY_MS = 60_000;

/** What the launcher starts of an engine (Redis, HAProxy): a child process it can stop. */
export interface Engine {
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * An engine kept running as the server processes are (`NodeProcess`): when it dies on its own it
 * is started again the same way (same port, same files) after a backoff of 1 s, doubling while it
 * keeps dying young. `down` and `up` take it away and bring it back on purpose (an operator's
 * restart, or a test's outage), with no restart in between.
 */
export class Supervised<E extends Engine> {
  private engine: E | undefined;
  private held = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly name: string;
  private readonly start: () => Promise<E>;
  private readonly log: (line: string) => void;
  private readonly firstBackoffMs: number;
  private backoffMs: number;

  constructor(name: string, start: () => Promise<E>, log: (line: string) => void, firstBackoffMs = FIRST_BACKOFF_MS) {
    this.name = name;
    this.start = start;
    this.log = log;
    this.firstBackoffMs = firstBackoffMs;
    this.backoffMs = firstBackoffMs;
  }

  /** The engine running now; undefined while it is down or being restarted. */
  get current(): E | undefined {
    return this.engine;
  }

  /** Started and watched; rejects when this first start fails (the launcher then stops). */
  async up(): Promise<E> {
    this.held = false;
    clearTimeout(this.timer);
    return this.launch();
  }

  /** Stopped (SIGTERM, or SIGKILL for a crash) and left down until `up`. */
  async down(how: 'stop' | 'crash' = 'stop'): Promise<void> {
    this.held = true;
    clearTimeout(this.timer);
    const engine = this.engine;
    this.engine = undefined;
    if (!engine) return;
    if (how === 'crash') engine.process.kill('SIGKILL');
    await engine.stop();
  }

  private async launch(): Promise<E> {
    const startedAt = Date.now();
    const engine = await this.start();
    this.engine = engine;
    engine.process.once('exit', (code, signal) => {
      if (this.held || this.engine !== engine) return;
      this.engine = undefined;
      if (Date.now() - startedAt >= STEADY_MS) this.backoffMs = this.firstBackoffMs;
      this.log(`[cluster] ${this.name} exited (${signal ?? `code ${code}`}); restarting in ${this.backoffMs} ms`);
      this.timer = setTimeout(() => this.restart(), this.backoffMs);
      this.backoffMs = Math.min(this.backoffMs * 2, MAX_BACKOFF_MS);
    });
    return engine;
  }

  private restart(): void {
    if (this.held) return;
    this.launch().then(
      () => this.log(`[cluster] ${this.name} restarted`),
      (error: unknown) => {
        // A failed start is one more quick death: try again after the next backoff.
        this.log(`[cluster] ${this.name} did not start: ${error instanceof Error ? error.message : String(error)}`);
        if (this.held) return;
        this.timer = setTimeout(() => this.restart(), this.backoffMs);
        this.backoffMs = Math.min(this.backoffMs * 2, MAX_BACKOFF_MS);
      },
    );
  }
}
