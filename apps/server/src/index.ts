/**
 * The server as a library: `buildApp()` is the whole service as a Fastify instance (what
 * `src/server.ts` runs), with the seams its options take: where deals come from and who
 * certifies them. Helpers for tests and tools that start the real server are `./testing`.
 */
export { type AppOptions, buildApp, type ScorpionApp } from './app.ts';
export { type Assessment, acceptEveryDeal, type Certifier, type Verdict } from './deals/certify.ts';
export type { DealSource } from './deals/source.ts';
