import { type ChildProcess, spawn } from 'node:child_process';
import { SERVER_NODE_FLAGS } from '../../node-flags.ts';
import { prefixLines } from './lines.ts';

/** The first restart waits this long; each quick death doubles it, up to `MAX_BACKOFF_MS`. */
const FIRST_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 30_000;
/** A process that ran this long before dying is restarted after the first backoff again. */
const STEADY_MS = 60_000;
/** After SIGTERM a server drains within its own 10 s deadline; past this it is killed. */
const STOP_DEADLINE_MS = 15_000;

export interface NodeSpec {
  readonly id: string;
  readonly port: number;
  /** The server's directory (holding dist/server.js), where `pnpm start` runs it. */
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
}

/**
 * One server process of the cluster, run as `pnpm start` runs it (`node dist/server.js`), and
 * kept running: when it dies on its own it is started again on the same port after a backoff
 * (1 s, doubling while it keeps dying young), as an operator expects of a supervisor. It runs
 * in a process group of its own, so a Ctrl-C in the terminal reaches the launcher only, and the
 * launcher stops the processes in order.
 */
export class NodeProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private stopping = false;
  private backoffMs = FIRST_BACKOFF_MS;
  private restartTimer: NodeJS.Timeout | undefined;

  readonly spec: NodeSpec;
  private readonly log: (line: string) => void;
  /** Called whenever the pid changes (started, restarted, gone). */
  private readonly onChange: () => void;

  constructor(spec: NodeSpec, log: (line: string) => void, onChange: () => void) {
    this.spec = spec;
    this.log = log;
    this.onChange = onChange;
  }

  get pid(): number | undefined {
    return this.child?.exitCode === null && this.child.signalCode === null ? this.child.pid : undefined;
  }

  start(): void {
    const startedAt = Date.now();
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server.js'], {
      cwd: this.spec.cwd,
      env: this.spec.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    this.child = child;
    prefixLines(child.stdout, `[${this.spec.id}] `, this.log);
    prefixLines(child.stderr, `[${this.spec.id}] `, this.log);
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.onChange();
        resolve();
        if (this.stopping) return;
        if (Date.now() - startedAt >= STEADY_MS) this.backoffMs = FIRST_BACKOFF_MS;
        this.log(
          `[cluster] ${this.spec.id} (pid ${child.pid}) exited (${signal ?? `code ${code}`}); restarting in ${this.backoffMs} ms`,
        );
        this.restartTimer = setTimeout(() => {
          this.restartTimer = undefined;
          if (!this.stopping) this.start();
        }, this.backoffMs);
        this.backoffMs = Math.min(this.backoffMs * 2, MAX_BACKOFF_MS);
      }),
    );
    this.onChange();
  }

  /** Resolves once it answers `/readyz` with 200; rejects if it exits first. */
  async ready(timeoutMs = 60_000): Promise<void> {
    const child = this.child;
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!child || child.exitCode !== null || child.signalCode !== null)
        throw new Error(`${this.spec.id} exited before it was ready`);
      try {
        const response = await fetch(`http://127.0.0.1:${this.spec.port}/readyz`, {
          signal: AbortSignal.timeout(2000),
        });
        if (response.ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${this.spec.id} was not ready within ${timeoutMs} ms`);
  }

  /** SIGTERM (the server drains: acks sent, sockets closed with 1012), SIGKILL past the deadline; no restart. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const kill = setTimeout(() => child.kill('SIGKILL'), STOP_DEADLINE_MS);
    await this.exited;
    clearTimeout(kill);
  }
}
