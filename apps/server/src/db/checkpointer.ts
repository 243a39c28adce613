import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** What `PRAGMA wal_checkpoint` answers: frames in the WAL (`log`) and how many are copied back. */
export interface CheckpointResult {
  readonly busy: number;
  readonly log: number;
  readonly checkpointed: number;
}

/**
 * `passive`: one `PASSIVE` checkpoint. `catch-up`: the same, repeated (a few times at most) while
 * frames committed during a pass are left: run while the action commits are held (wal-keeper.ts),
 * when only the odd other write can land meanwhile.
 */
export type CheckpointKind = 'passive' | 'catch-up';

/*
 * Runs in a worker thread with its own connection. Plain JavaScript, so it needs no loader in
 * the worker (tsx, vitest or none). It answers each request with the checkpoint's result, or
 * its error (a full disk cannot take the pages a checkpoint copies into the database file: the
 * thread lives on and the next checkpoint tries again), and ends itself when told to stop: see
 * startCheckpointer.
 */
const WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 5000');
const passive = () => db.pragma('wal_checkpoint(PASSIVE)')[0];
parentPort.on('message', (request) => {
  if (request === 'stop') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    let result = passive();
    for (let pass = 1; request.kind === 'catch-up' && pass < 3 && result.checkpointed < result.log; pass++) {
      result = passive();
    }
    parentPort.postMessage({ id: request.id, result });
  } catch (error) {
    parentPort.postMessage({ id: request.id, error: { code: error.code, message: error.message } });
  }
});
`;

/** A request's answer from the thread: SQLite's error crosses as its code and message. */
type CheckpointAnswer =
  | { id: number; result: CheckpointResult; error?: undefined }
  | { id: number; error: { code: string; message: string } };

/** How long a stop waits for the thread to end itself before it is terminated. */
const STOP_GRACE_MS = 10_000;

export interface Checkpointer {
  checkpoint(kind: CheckpointKind): Promise<CheckpointResult>;
  /** Resolves to the thread's exit code (0 when it ended itself). */
  stop(): Promise<number>;
}

/**
 * WAL checkpoints copy committed pages into the database file and fsync it. Left to SQLite,
 * they run inside whichever commit crosses the threshold, on the event loop, and stall every
 * socket for that long. Here a worker thread checkpoints on its own connection instead, when
 * asked (wal-keeper.ts says when); the main connection turns automatic checkpoints off.
 * Durability is unchanged: commits still go to the WAL first. A `PASSIVE` checkpoint never
 * takes the write lock, so no commit on the main connection waits for one.
 *
 * A stop asks the thread to close its connection and end, after the request it is running. It
 * does not terminate a thread that is still starting: on Node 24, terminating a thread while it
 * loads better-sqlite3's native addon aborts the whole process (a fatal
 * `napi_get_last_error_info` error), which a server opened and closed at once in a test would
 * otherwise hit now and then. Requests still unanswered when the thread ends are rejected, as
 * is a checkpoint that fails (with SQLite's `code`, e.g. `SQLITE_FULL`).
 */
export function startCheckpointer(path: string): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { driver, path } });
  const exited = once(worker, 'exit').then(([code]) => code as number);
  worker.unref();
  const waiting = new Map<number, { resolve: (r: CheckpointResult) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  worker.on('message', (answer: CheckpointAnswer) => {
    const { id, error } = answer;
    if (error) waiting.get(id)?.reject(Object.assign(new Error(error.message), { code: error.code }));
    else waiting.get(id)?.resolve(answer.result);
    waiting.delete(id);
  });
  void exited.then(() => {
    for (const { reject } of waiting.values()) reject(new Error('the checkpoint thread has ended'));
    waiting.clear();
  });
  return {
    checkpoint(kind) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, kind });
      });
    },
    async stop() {
      worker.postMessage('stop');
      let grace: NodeJS.Timeout | undefined;
      const stuck = new Promise<'stuck'>((resolve) => {
        grace = setTimeout(() => resolve('stuck'), STOP_GRACE_MS);
      });
      const code = await Promise.race([exited, stuck]);
      clearTimeout(grace);
      return code === 'stuck' ? worker.terminate() : code;
    },
  };
}
