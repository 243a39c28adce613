import type { WorkerOptions } from 'node:worker_threads';

/**
 * Where a solver thread starts, in the form the pool itself runs in. Compiled beside compiled:
 * in production the pool is dist/pool.js and its thread dist/worker.js, plain JavaScript with no
 * loader. Source beside source: under vitest or tsx the pool is src/pool.ts, and its thread starts
 * at worker-entry.mjs, which registers tsx there; the `source` condition makes the workspace
 * packages the thread imports resolve to their TypeScript too, as they do for the caller. That
 * flag is the thread's only one: the parent's own (V8's `--max-semi-space-size`, say) are
 * refused in a worker's execArgv, and the entry registers tsx itself.
 */
const fromSource = import.meta.url.endsWith('.ts');

export const WORKER_ENTRY = new URL(fromSource ? './worker-entry.mjs' : './worker.js', import.meta.url);

export const WORKER_OPTIONS: WorkerOptions = fromSource ? { execArgv: ['--conditions=source'] } : {};
