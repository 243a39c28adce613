import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/*
 * Which cores a bench's processes run on, and how much of them they use (Linux `/proc`).
 *
 * On a machine of two cores the load's clients share the server's cores and take them mid-turn:
 * the clients' process preempts the server about 0.8 times an action (bench/README.md). A pinned
 * bench gives the process under test (the server, every thread, or the floor's echo server) one
 * core of its own and keeps the clients on the other, the same way for both, so that the ratio
 * of the two measures the server and not the scheduler.
 */

/** The core of the load's clients (and of the bench itself). */
export const CLIENT_CPU = 0;
/** The core of the process under test: the server, or the floor's echo server. */
export const SERVER_CPU = 1;

/**
 * Whether this bench pins: on a machine of two cores or more with util-linux's `taskset`, unless
 * `BENCH_PIN=0`. `os.cpus()` counts the machine's cores, not this process's affinity, so a
 * bench that has already pinned itself still answers yes.
 */
export function pinning(): boolean {
  if (process.env.BENCH_PIN === '0' || cpus().length < 2) return false;
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Puts every thread of `pid` on `cpu`. Threads it starts later (worker threads, libuv's pool)
 * inherit the core of the thread that starts them, and children inherit their parent's.
 */
export function pin(pid: number, cpu: number | string): void {
  execFileSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' });
}

/** Every core of the machine, as `taskset -c` takes them: to undo a bench's own pin. */
export function allCpus(): string {
  return `0-${cpus().length - 1}`;
}

/** The cores `pid` may run on, as the kernel reports them (`0`, `1`, `0-1`). */
export function cpusOf(pid: number): string {
  const match = /^Cpus_allowed_list:\s*(\S+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no Cpus_allowed_list for process ${pid}`);
  return match[1]!;
}

/** CPU seconds (user + system, every thread) processes have used so far, or NaN elsewhere or for none. */
export function cpuSeconds(pids: readonly (number | undefined)[]): number {
  if (pids.length === 0) return Number.NaN;
  try {
    return pids.reduce<number>((sum, pid) => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return sum + (Number(fields[11]) + Number(fields[12])) / 100;
    }, 0);
  } catch {
    return Number.NaN;
  }
}
