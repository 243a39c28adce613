/**
 * For tests and tools that start the real server in-process: `startServer()` listens on a free
 * port with a temporary SQLite file; `buildApp()` is the whole service as a Fastify instance.
 */
export { type AppOptions, buildApp, type ScorpionApp } from './app.ts';
export { acceptEveryDeal, type Certifier, type Verdict } from './deals/certify.ts';
export type { DealSource } from './deals/source.ts';
export { signUp, TestClient } from './test/client.ts';
export { FIXED_SEED, fixedDeals, WINNING } from './test/deals.ts';
export { type RunningServer, startServer } from './test/helper.ts';
