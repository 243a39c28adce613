// A stand-in solver thread for the pool's tests, run as a real worker thread. It answers
// every task with its kind, except a `certify` whose deck says how to die:
//   [-1] exit with code 7 (a `process.exit` deep in some code), [-2] throw uncaught.
import { parentPort } from 'node:worker_threads';

parentPort.on('message', ({ id, task }) => {
  if (task.kind === 'certify' && task.deck[0] === -1) process.exit(7);
  if (task.kind === 'certify' && task.deck[0] === -2) throw new Error('an uncaught error in the solver thread');
  parentPort.postMessage({ id, result: { kind: task.kind } });
});
