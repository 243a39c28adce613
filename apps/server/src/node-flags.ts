/**
 * The flags node runs the server with, wherever it runs (`pnpm start`, the image's CMD, the
 * crash tests and the load bench); the production smoke test (ops/production.test.ts) holds
 * `pnpm start` and the image's CMD to this list, and starts the build with it.
 *
 * A young generation of at most 1 MB per semi-space: every action leaves a little behind that
 * lives on (the game's new position), so each scavenge copies what was made since the last
 * one. V8's default (up to 16 MB) made those pauses 5–12 ms on the bench machine, long enough
 * to reach the p99 of a move's round trip; at 1 MB they are more frequent and 1–4 ms.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=1'] as const;
