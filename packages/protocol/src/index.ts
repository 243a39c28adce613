/**
 * The wire protocol of Scorpion Race: zod schemas for every WebSocket frame and REST payload,
 * with the TypeScript types inferred from them. Server and web app both import this package,
 * so a change here is a change to both.
 *
 * Read `docs/protocol.md` for how it all fits: the flow of each feature (connecting, practice,
 * the daily, races, the quick queue, challenges, watching, errors), then a table of every frame's
 * and endpoint's fields. It is generated from these schemas and their doc comments, with the
 * JSON Schema beside it (`docs/protocol.schema.json`), by `pnpm --filter @scorpion/protocol run docs`;
 * a test fails when either is out of date. The flows themselves are `src/docs-flow-*.md`.
 */
export * from './advance.ts';
export * from './arena.ts';
export * from './cards.ts';
export * from './client.ts';
export * from './client-fast.ts';
export * from './close-codes.ts';
export * from './daily-dates.ts';
export * from './deal-difficulty.ts';
export * from './devices.ts';
export * from './errors.ts';
export * from './finish-order.ts';
export * from './game.ts';
export * from './guest.ts';
export * from './histogram.ts';
export * from './moderation.ts';
export * from './player.ts';
export * from './puzzle-race.ts';
export * from './puzzle-rush.ts';
export * from './puzzles.ts';
export * from './report-reasons.ts';
export * from './request-id.ts';
export * from './rest.ts';
export * from './room-code.ts';
export * from './server.ts';
export * from './version.ts';
export * from './view.ts';
export * from './win-rates.ts';
export * from './wire.ts';
