import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { runTask, type Task } from './tasks.ts';

// A pool for background work asks for a low priority: on Linux it applies to this thread alone,
// so the event loop that handles moves keeps its share of the cores.
const priority = (workerData as { priority?: number } | undefined)?.priority;
if (priority !== undefined) setPriority(priority);

/* A solver thread: runs one task at a time, replies with `{ id, result }` or `{ id, error }`. */
parentPort?.on('message', (message: { id: number; task: Task }) => {
  try {
    parentPort?.postMessage({ id: message.id, result: runTask(message.task) });
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
