// The solver thread's entry point when the pool runs from source (tests, `pnpm dev`): plain
// JavaScript that registers tsx's loader in this thread, then loads the TypeScript worker.
// (`execArgv: ['--import', 'tsx']` does not reach a worker's own entry file on Node 20, so the
// loader is registered here instead.) Production runs the compiled dist/worker.js directly.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
