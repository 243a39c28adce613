/**
 * For tests and tools that start the real server: `startServer()` listens in-process on a free
 * port with a temporary SQLite file; `spawnServer(env)` runs `src/server.ts` as a child process
 * (to kill it); `TestClient` and `signUp` speak the protocol over a real socket; `fixedDeals` +
 * `WINNING` give a known win.
 */
export { type ChildServer, spawnServer } from './test/child.ts';
export { signUp, TestClient } from './test/client.ts';
export { FIXED_SEED, fixedDeals, WINNING } from './test/deals.ts';
export { type RunningServer, startServer } from './test/helper.ts';
