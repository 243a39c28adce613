import { parentPort } from 'node:worker_threads';
import { runTask, type Task } from './tasks.ts';

/* A solver thread: runs one task at a time, replies with `{ id, result }` or `{ id, error }`. */
parentPort?.on('message', (message: { id: number; task: Task }) => {
  try {
    parentPort?.postMessage({ id: message.id, result: runTask(message.task) });
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
