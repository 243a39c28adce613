import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/*
 * Runs in a worker thread with its own connection. Plain JavaScript, so it needs no loader in
 * the worker (tsx, vitest or none).
 */
const WORKER = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 5000');
setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), workerData.everyMs);
`;

/**
 * WAL checkpoints copy committed pages into the database file and fsync it. Left to SQLite,
 * they run inside whichever commit crosses the threshold, on the event loop, and stall every
 * socket for that long. Here a worker thread checkpoints on its own connection instead; the main
 * connection turns automatic checkpoints off. Durability is unchanged: commits still go to the
 * WAL first.
 */
export function startCheckpointer(path: string, everyMs = 1000): () => Promise<void> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { driver, path, everyMs } });
  worker.unref();
  return async () => {
    await worker.terminate();
  };
}
