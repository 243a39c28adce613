import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/*
 * Runs in a worker thread with its own connection. Plain JavaScript, so it needs no loader in
 * the worker (tsx, vitest or none). It ends itself when told to: see startCheckpointer.
 */
const WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** How long a stop waits for the thread to end itself before it is terminated. */
const STOP_GRACE_MS = 10_000;

/**
 * WAL checkpoints copy committed pages into the database file and fsync it. Left to SQLite,
 * they run inside whichever commit crosses the threshold, on the event loop, and stall every
 * socket for that long. Here a worker thread checkpoints on its own connection instead; the main
 * connection turns automatic checkpoints off. Durability is unchanged: commits still go to the
 * WAL first.
 *
 * The returned stop asks the thread to close its connection and end, and resolves to its exit
 * code (0 when it ended itself). It does not terminate a thread that is still starting: on
 * Node 24, terminating a thread while it loads better-sqlite3's native addon aborts the whole
 * process (a fatal `napi_get_last_error_info` error), which a server opened and closed at once
 * in a test would otherwise hit now and then.
 */
export function startCheckpointer(path: string, everyMs = 1000): () => Promise<number> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { driver, path, everyMs } });
  const exited = once(worker, 'exit').then(([code]) => code as number);
  worker.unref();
  return async () => {
    worker.postMessage('stop');
    let grace: NodeJS.Timeout | undefined;
    const stuck = new Promise<'stuck'>((resolve) => {
      grace = setTimeout(() => resolve('stuck'), STOP_GRACE_MS);
    });
    const code = await Promise.race([exited, stuck]);
    clearTimeout(grace);
    return code === 'stuck' ? worker.terminate() : code;
  };
}
