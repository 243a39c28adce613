import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { cpuSeconds, cpusOf, pin, SERVER_CPU } from './cores.ts';
import { flag } from './flag.ts';
import { pace } from './pace.ts';
import { ms, percentile } from './stats.ts';

export interface FloorFigures {
  readonly players: number;
  /** The echo server's CPU work per frame, in µs (0: none, the bare floor). */
  readonly workUs: number;
  readonly actions: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
  /** The echo server's CPU time (user + system, every thread) per timed round trip, in µs; NaN if unknown. */
  readonly echoCpuPerAction: number;
  /** With `pinEcho`: the cores the clients and the echo server were allowed, read back from `/proc`. */
  readonly cores?: { readonly clients: string; readonly server: string };
}

const MOVE = JSON.stringify({
  type: 'move',
  gameId: 'V1StGXR8_Z5jdHi6B-myT',
  expect: 12,
  move: { kind: 'move', from: 1, row: 4, to: 5 },
});

/**
 * What this machine itself adds to a round trip: the load bench's pattern (one socket per
 * player, an action every `1 / movesPerSecond` s each, phased evenly, each answered by one
 * frame the size of an ack with the race's progress) against a bare echo server in its own
 * process (`echo-server.ts`). Whatever the real server measures above this is the server's.
 * With `workUs`, the echo server keeps its CPU busy that long before each answer. With `pinEcho`,
 * the echo server, every thread, runs alone on `SERVER_CPU` (cores.ts), as a pinned load's server
 * does; the clients run in this process, on the cores it was given.
 */
export async function benchWsFloor(
  players: number,
  seconds: number,
  movesPerSecond = 2,
  workUs = 0,
  pinEcho = false,
): Promise<FloorFigures> {
  const child = spawn(
    process.execPath,
    [
      '--conditions=source',
      '--import',
      'tsx',
      join(import.meta.dirname, 'echo-server.ts'),
      '--work-us',
      String(workUs),
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    const port = await new Promise<string>((resolve) => {
      child.stdout.on('data', (d) => {
        const match = /listening on (\d+)/.exec(String(d));
        if (match) resolve(match[1]!);
      });
    });
    if (pinEcho) pin(child.pid!, SERVER_CPU);
    const cores = pinEcho ? { clients: cpusOf(process.pid), server: cpusOf(child.pid!) } : undefined;
    const sockets = [];
    for (let i = 0; i < players; i++) {
      const socket = new WebSocket(`ws://127.0.0.1:${port}`);
      await new Promise((resolve) => socket.once('open', resolve));
      sockets.push(socket);
    }
    const rtts: number[] = [];
    let measuring = false;
    const sends = sockets.map((socket) => {
      let sentAt: number | undefined;
      socket.on('message', (data) => {
        const text = data.toString();
        if (text.startsWith('{"type":"race-progress"')) return;
        JSON.parse(text);
        if (measuring && sentAt !== undefined) rtts.push(performance.now() - sentAt);
        sentAt = undefined;
      });
      return () => {
        if (sentAt !== undefined) return;
        sentAt = performance.now();
        socket.send(MOVE);
      };
    });
    const stopSending = pace(players, 1000 / movesPerSecond, (i) => sends[i]!());
    await new Promise((resolve) => setTimeout(resolve, 2000));
    measuring = true;
    const cpuBefore = cpuSeconds([child.pid]);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const echoCpu = cpuSeconds([child.pid]) - cpuBefore;
    measuring = false;
    stopSending();
    for (const socket of sockets) socket.terminate();
    return {
      players,
      workUs,
      actions: rtts.length,
      p50: percentile(rtts, 50),
      p95: percentile(rtts, 95),
      p99: percentile(rtts, 99),
      max: percentile(rtts, 100),
      echoCpuPerAction: (echoCpu * 1e6) / rtts.length,
      ...(cores ? { cores } : {}),
    };
  } finally {
    child.kill();
  }
}

export function formatFloor(f: FloorFigures): string {
  return [
    '| players (bare echo server) | round trips | p50 ms | p95 ms | p99 ms | max ms |',
    '|---|---|---|---|---|---|',
    `| ${f.players.toLocaleString('en-US')} | ${f.actions.toLocaleString('en-US')} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.p99)} | ${ms(f.max)} |`,
  ].join('\n');
}

/** `node --conditions=source --import tsx bench/server/ws-floor.ts [--players 1000] [--seconds 15]` */
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatFloor(await benchWsFloor(Number(flag('players', '1000')), Number(flag('seconds', '15')))));
  process.exit(0);
}
