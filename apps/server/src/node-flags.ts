/**
 * The flags node runs the server with, wherever it runs (`pnpm start`, the image's CMD, the
 * crash tests and the load bench); the production smoke test (ops/production.test.ts) holds
 * `pnpm start` and the image's CMD to this list, and starts the build with it.
 *
 * A young generation of at most 1 MB per semi-space: every action leaves a little behind that
 * lives on (the game's new position), so each scavenge copies what was made since the last
 * one. V8's default (up to 16 MB) made those pauses 5–12 ms on the bench machine, long enough
 * to reach the p99 of a move's round trip; at 1 MB they are more frequent and 1–4 ms.
 *
 * Every collection on the main thread alone (`--single-threaded-gc`: no parallel scavenge, no
 * concurrent marking or sweeping). On a machine whose cores are taken (the bench's clients, the
 * neighbours) a scavenge that hands work to V8's helper threads waits for them to get a core:
 * in ten alternating 20 s loads at 1,000 players on the shared 2-core VM (load average about
 * 9), the server's scavenges took 330–520 ms in all per 20 s with it against 440–1,220 ms
 * without, and the clients' p99 was lower in four pairs of five (bench/README.md, 2026-11-27,
 * night).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=1', '--single-threaded-gc'] as const;
