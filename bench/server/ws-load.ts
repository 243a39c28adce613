import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import buildServer from '../../apps/server/src/cluster/proofs/build.global.ts';
import { spawnBuiltServer } from '../../apps/server/src/test/child.ts';
import { signUp } from '../../apps/server/src/test/client.ts';
import type { Ack, GameAction, GameSnapshot } from '../../packages/protocol/src/index.ts';
import { cpuSeconds, cpusOf, pin, SERVER_CPU } from './cores.ts';
import { readDeals } from './deals.ts';
import { pgWriteCount } from './engine-counts.ts';
import { flag } from './flag.ts';
import { pace } from './pace.ts';
import { ClosedBeforeWelcome, openOnRoomPage } from './room-socket.ts';
import { type Script, scriptFor } from './script.ts';
import { type RoundtripCounts, roundtripCounts, SERVER_SIDE_BOUNDS_MS, sharesOver } from './server-side.ts';
import { ms, percentile } from './stats.ts';
import { formatWalHolds, type WalHolds, walHolds } from './wal-holds.ts';

// The `ws` client is a dev dependency of the server package; take it from there.
type Socket = InstanceType<typeof WebSocket>;

export interface LoadOptions {
  /** An already running server to load (its database gets the load's players and races). */
  readonly url?: string;
  /**
   * For a server given by `url`: where it stores its games (a PostgreSQL URL, or a SQLite file),
   * for the players' scripts (`readDeals`).
   */
  readonly dealsFrom?: string;
  readonly players: number;
  readonly seconds: number;
  readonly movesPerSecond: number;
  /**
   * Each guest opens its socket as the web app does on the room's page, after the host created
   * the room on a lobby socket: `/ws?room=CODE`, following a 4009 to the owner (`&node=ID`).
   * Behind HAProxy this lands every race on its room's owner.
   */
  readonly roomSockets?: boolean;
  /**
   * Where to write every acknowledged action, one JSON line `[gameId, seq, action]` each; the
   * clients then wait for the acks still in flight before they close, so that every action the
   * server stored was acknowledged to them.
   */
  readonly acksFile?: string;
  /** The server processes whose CPU time counts (`/proc`), for a server given by `url`. */
  readonly serverPids?: readonly number[];
  /**
   * Puts the server the bench starts, every thread, alone on `SERVER_CPU` (cores.ts); the clients
   * stay on the cores this process was given. Its figures then say where each ran (`cores`).
   */
  readonly pinServer?: boolean;
  /**
   * The server package directory whose build (`dist/server.js`) to start instead of this one's:
   * another checkout, built, to measure older code beside this in the same minutes.
   */
  readonly serverDir?: string;
}

export interface LoadFigures extends LoadOptions {
  readonly races: number;
  readonly actions: number;
  readonly actionsPerSecond: number;
  readonly errors: Record<string, number>;
  readonly closed: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
  /** This process's own event-loop delay: when high, the client, not the server, is slow. */
  readonly clientLagP99: number;
  /** Server CPU time (user + system, all its threads) per timed action, in µs; NaN if unknown. */
  readonly serverCpuPerAction: number;
  /**
   * For a server the bench started: of the acks in the timed window, the share that the server
   * itself held (arrival to ack written) longer than each of `SERVER_SIDE_BOUNDS_MS`.
   */
  readonly serverSideOver?: readonly number[];
  /** With `roomSockets`: the 4009s the guests followed to reach their room's owner. */
  readonly redirects?: number;
  /**
   * For a server the bench started: the size of its WAL file at the end of the timed window, in
   * bytes. The file never shrinks before the shutdown's checkpoint, so this is its largest.
   */
  readonly walBytes?: number;
  /** For a server the bench started: its WAL catch-ups (wal-holds.ts). */
  readonly walHolds?: WalHolds;
  /** With `pinServer`: the cores the clients and the server were allowed, read back from `/proc`. */
  readonly cores?: { readonly clients: string; readonly server: string };
  /**
   * With `dealsFrom` a PostgreSQL URL (a cluster): its write transactions in the timed window
   * alone (engine-counts.ts), the steady state without the signups, rooms and starts before it.
   */
  readonly pgWritesInWindow?: number;
}

/** The client's event loop is sampled with a timer of this period; what Node reports includes it. */
const LAG_RESOLUTION_MS = 5;

interface Racer {
  readonly socket: Socket;
  /** Its race's game, from the `game` frame of the race's start. */
  gameId: string | undefined;
  /** The game's move number: the index in `script` of its next action. */
  seq: number;
  /** Its actions, once worked out; gone after an answer out of step with it. */
  script: Script | undefined;
  /** The action in flight. */
  sent: GameAction | undefined;
  sentAt: number | undefined;
  readonly waiters: ((frame: { type: string } & Record<string, unknown>) => boolean)[];
}

/**
 * Resolves on `welcome`, which may arrive in the same chunk as the upgrade answer; rejects if the
 * socket fails or is closed first (`ClosedBeforeWelcome`: a 4009 names the room's owner).
 */
function open(wsUrl: string, cookie: string, onFrame: (racer: Racer, text: string) => void): Promise<Racer> {
  const socket = new WebSocket(wsUrl, { headers: { cookie } });
  const racer: Racer = {
    socket,
    gameId: undefined,
    seq: 0,
    script: undefined,
    sent: undefined,
    sentAt: undefined,
    waiters: [],
  };
  const welcomed = waitFor(racer, 'welcome');
  socket.on('message', (data) => onFrame(racer, data.toString()));
  return new Promise((resolve, reject) => {
    void welcomed.then(() => resolve(racer));
    socket.once('error', reject);
    socket.once('close', (code, reason) => reject(new ClosedBeforeWelcome(code, reason.toString())));
  });
}

/** Resolves once no action is waiting for its answer, or after 10 s: a lost answer shows as a missing ack. */
async function inFlightAnswered(racers: readonly Racer[]): Promise<void> {
  const deadline = performance.now() + 10_000;
  while (racers.some((r) => r.sentAt !== undefined) && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function waitFor(racer: Racer, type: string): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    racer.waiters.push((frame) => {
      if (frame.type !== type) return false;
      resolve(frame);
      return true;
    });
  });
}

/**
 * The load generator's own node flags: a young generation of 1 MB keeps its scavenges short.
 * With the server of 2026-11-24 and V8's defaults, the clients' GC helper threads took both
 * cores from the server (p99 9–19 ms against 6–7 with `--single-threaded-gc` as well). With
 * paced players and a lighter server it was the other way round: the clients' own pauses were a
 * good part of the tail, and their helpers shortened them (p99 lower in four of five alternating
 * rounds, medians 1.61 against 1.81 ms; bench/README.md, 2026-11-28 morning). That was with
 * players choosing their moves in the window; scripted since, they make far less garbage.
 */
export const CLIENT_NODE_FLAGS = ['--max-semi-space-size=1'];

/** How long the players act before the timed window opens. */
const WARM_UP_MS = 2000;

/**
 * `players` players in `players / 2` two-player races, each sending one action `movesPerSecond`
 * times a second, for `seconds`: a legal move, or an undo when stuck (`chooseAction`), from a
 * script worked out from the race's deal before the timed window (`scriptFor`), so that in the
 * window the clients do no more than the floor's. The server runs as its own process on a fresh
 * database, and the clients in another (`CLIENT_NODE_FLAGS`), which starts the server and
 * reports its figures as JSON.
 */
export async function benchWsLoad(options: LoadOptions): Promise<LoadFigures> {
  // The server it starts is the build, as production runs it: built once per bench run.
  if (!options.url) {
    await buildServer();
  }
  const args = ['--players', String(options.players), '--seconds', String(options.seconds)];
  args.push('--rate', String(options.movesPerSecond), ...(options.url ? ['--url', options.url] : []));
  if (options.dealsFrom) args.push('--deals-from', options.dealsFrom);
  if (options.roomSockets) args.push('--rooms');
  if (options.acksFile) args.push('--acks', options.acksFile);
  if (options.serverPids) args.push('--pids', options.serverPids.join(','));
  if (options.serverDir) args.push('--server-dir', options.serverDir);
  if (options.pinServer) args.push('--pin-server');
  const child = spawn(
    process.execPath,
    [...CLIENT_NODE_FLAGS, '--conditions=source', '--import', 'tsx', import.meta.filename, '--clients', ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the load clients exited with ${code}`);
  const figures = JSON.parse(out) as LoadFigures;
  // JSON has no NaN: an unknown server CPU time (a server given by --url) comes back as null.
  return { ...figures, serverCpuPerAction: figures.serverCpuPerAction ?? Number.NaN };
}

/** The clients of `benchWsLoad`, in this process. */
async function runClients(options: LoadOptions): Promise<LoadFigures> {
  if (options.url && !options.dealsFrom) throw new Error('a server given by its URL needs dealsFrom: its database');
  const dir = mkdtempSync(join(tmpdir(), 'scorpion-bench-ws-'));
  // A server the bench starts shows its own round trips on /metrics, behind this token.
  const metricsToken = randomBytes(24).toString('base64url');
  const spawnedAt = performance.now();
  const server = options.url
    ? { url: options.url, wsUrl: `${options.url.replace('http', 'ws')}/ws`, process: undefined, exited: undefined }
    : await spawnBuiltServer(
        // Hundreds of players sign up from this one address: the signup limit is scaled out of the way.
        {
          DATABASE_PATH: join(dir, 'load.db'),
          RACE_COUNTDOWN_MS: '1000',
          RATE_LIMIT_SCALE: '1000',
          METRICS_TOKEN: metricsToken,
        },
        (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
        options.serverDir,
      );
  const rtts: number[] = [];
  const errors: Record<string, number> = {};
  /** Sockets the server closed on us: any is an error. */
  let closed = 0;
  let closing = false;
  let measuring = false;
  /** With `acksFile`: every acknowledged action, as its JSON line. */
  const acked: string[] = [];
  let redirects = 0;
  const serverPids = options.serverPids ?? (server.process ? [server.process.pid] : []);
  const serverPid = server.process?.pid;
  if (options.pinServer && serverPid !== undefined) pin(serverPid, SERVER_CPU);
  const cores =
    options.pinServer && serverPid !== undefined
      ? { clients: cpusOf(process.pid), server: cpusOf(serverPid) }
      : undefined;

  const count = (error: string) => {
    errors[error] = (errors[error] ?? 0) + 1;
  };
  const onFrame = (racer: Racer, text: string) => {
    if (text.startsWith('{"type":"race-progress"')) return;
    const frame = JSON.parse(text) as { type: string } & Record<string, unknown>;
    const waiter = racer.waiters.findIndex((w) => w(frame));
    if (waiter >= 0) racer.waiters.splice(waiter, 1);
    if (frame.type === 'game' && (frame.game as GameSnapshot).kind === 'race') {
      const game = frame.game as GameSnapshot;
      // The race's start; a game sent again later must be where the script has it.
      if (!racer.script) [racer.gameId, racer.seq] = [game.gameId, game.seq];
      else if (game.gameId !== racer.gameId || game.seq !== racer.seq) {
        count('out-of-step');
        racer.script = undefined;
      }
    }
    if (frame.type === 'ack' || frame.type === 'error') {
      if (racer.sentAt !== undefined && measuring) rtts.push(performance.now() - racer.sentAt);
      racer.sentAt = undefined;
      const ack = frame as unknown as Ack;
      // The ack's seq is the game's after the action: the action was stored at the one before.
      if (frame.type === 'ack' && ack.gameId === racer.gameId && ack.seq === racer.seq + 1) {
        if (options.acksFile && !ack.duplicate) acked.push(JSON.stringify([ack.gameId, racer.seq, racer.sent]));
        racer.seq = ack.seq;
      } else {
        // The script no longer fits the game: this player stops.
        count(frame.type === 'ack' ? 'out-of-step' : (frame.code as string));
        racer.script = undefined;
      }
    }
  };

  try {
    const watch = (racer: Racer) => {
      racer.socket.on('close', () => {
        if (!closing) closed++;
      });
      return racer;
    };
    const racers: Racer[] = [];
    /** With `roomSockets`, the guests' cookies: their sockets open once their room exists. */
    const guestCookies: string[] = [];
    for (let i = 0; i < options.players; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, options.players - i) }, async (_, j) => {
          const { cookie } = await signUp(server.url, `load${i + j}`);
          if (options.roomSockets && (i + j) % 2 === 1) {
            guestCookies[i + j] = cookie;
            return undefined;
          }
          return watch(await open(server.wsUrl, cookie, onFrame));
        }),
      );
      batch.forEach((racer, j) => {
        if (racer) racers[i + j] = racer;
      });
    }

    const races = Math.floor(options.players / 2);
    // On a cluster a room's setup is a dozen PostgreSQL round trips: 500 at once queue in the
    // processes' pools for seconds. A hundred at a time, they are the setup, not a test of it.
    const startsAtOnce = options.roomSockets ? 100 : races;
    let starts: Promise<unknown>[] = [];
    for (let r = 0; r < races; r++) {
      const host = racers[2 * r]!;
      if (starts.length === startsAtOnce) {
        await Promise.all(starts);
        starts = [];
      }
      starts.push(
        (async () => {
          const created = waitFor(host, 'room');
          host.socket.send(
            JSON.stringify({
              type: 'room-create',
              variant: 'scorpion',
              options: { foundations: false, open: false },
              timeLimit: 0,
              winnableOnly: false,
            }),
          );
          const code = ((await created).room as { code: string }).code;
          let guest = racers[2 * r + 1];
          if (!guest) {
            const landed = await openOnRoomPage(server.wsUrl, code, guestCookies[2 * r + 1]!, (url, cookie) =>
              open(url, cookie, onFrame),
            );
            redirects += landed.redirects;
            guest = watch(landed.racer);
            racers[2 * r + 1] = guest;
          }
          const joined = waitFor(guest, 'room');
          guest.socket.send(JSON.stringify({ type: 'room-join', code }));
          await joined;
          const games = [waitFor(host, 'game'), waitFor(guest, 'game')];
          host.socket.send(JSON.stringify({ type: 'room-start', code }));
          await Promise.all(games);
        })(),
      );
    }
    await Promise.all(starts);
    await new Promise((resolve) => setTimeout(resolve, 1200));

    // Each player's script, long enough for the warm-up, the window and a late schedule.
    const deals = await readDeals(
      options.dealsFrom ?? join(dir, 'load.db'),
      racers.map((r) => r.gameId!),
    );
    const length = Math.ceil(options.movesPerSecond * (WARM_UP_MS / 1000 + options.seconds + 5));
    for (const racer of racers) {
      if (racer.seq !== 0) throw new Error(`game ${racer.gameId} was played before its script (at ${racer.seq})`);
      racer.script = scriptFor(deals.get(racer.gameId!)!, racer.gameId!, length);
    }

    const act = (racer: Racer) => {
      const script = racer.script;
      if (!script || racer.sentAt !== undefined || racer.seq >= script.frames.length) return;
      racer.sent = script.actions[racer.seq];
      racer.sentAt = performance.now();
      racer.socket.send(script.frames[racer.seq]!);
    };

    const stopActing = pace(racers.length, 1000 / options.movesPerSecond, (i) => act(racers[i]!));
    await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
    measuring = true;
    const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
    lag.enable();
    const pgUrl = options.dealsFrom?.startsWith('postgres') ? options.dealsFrom : undefined;
    const pgBefore = pgUrl ? await pgWriteCount(pgUrl) : undefined;
    const started = performance.now();
    const cpuBefore = cpuSeconds(serverPids);
    const readRoundtrips = () => (options.url ? undefined : roundtripCounts(server.url, metricsToken));
    const roundtripsBefore: RoundtripCounts | undefined = await readRoundtrips();
    await new Promise((resolve) => setTimeout(resolve, options.seconds * 1000));
    measuring = false;
    const serverCpu = cpuSeconds(serverPids) - cpuBefore;
    const pgWritesInWindow = pgUrl && pgBefore !== undefined ? (await pgWriteCount(pgUrl)) - pgBefore : undefined;
    const walBytes = options.url ? undefined : statSync(join(dir, 'load.db-wal')).size;
    const holds = options.url ? undefined : await walHolds(server.url, metricsToken);
    const roundtripsAfter = await readRoundtrips();
    lag.disable();
    const elapsed = (performance.now() - started) / 1000;
    if (process.env.BENCH_SERVER_OUTPUT && 'output' in server) {
      // The timed window in ms since the server was spawned, as V8's GC trace counts (about).
      const window = `# window ${(started - spawnedAt).toFixed(0)} ${(started - spawnedAt + elapsed * 1000).toFixed(0)}`;
      const name = `${options.serverDir ? options.serverDir.replace(/\W+/g, '_') : 'this'}-${Date.now()}.log`;
      writeFileSync(join(process.env.BENCH_SERVER_OUTPUT, name), `${window}\n${server.output()}`);
    }
    stopActing();
    if (options.acksFile) {
      await inFlightAnswered(racers);
      writeFileSync(options.acksFile, acked.map((line) => `${line}\n`).join(''));
    }
    closing = true;
    for (const racer of racers) racer.socket.close();

    return {
      ...options,
      races,
      actions: rtts.length,
      actionsPerSecond: rtts.length / elapsed,
      errors,
      closed,
      p50: percentile(rtts, 50),
      p95: percentile(rtts, 95),
      p99: percentile(rtts, 99),
      max: percentile(rtts, 100),
      clientLagP99: Math.max(0, lag.percentile(99) / 1e6 - LAG_RESOLUTION_MS),
      serverCpuPerAction: (serverCpu * 1e6) / rtts.length,
      ...(roundtripsBefore && roundtripsAfter ? { serverSideOver: sharesOver(roundtripsBefore, roundtripsAfter) } : {}),
      ...(options.roomSockets ? { redirects } : {}),
      ...(walBytes === undefined ? {} : { walBytes }),
      ...(holds ? { walHolds: holds } : {}),
      ...(cores ? { cores } : {}),
      ...(pgWritesInWindow === undefined ? {} : { pgWritesInWindow }),
    };
  } finally {
    server.process?.kill('SIGTERM');
    await server.exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The shares of acks the server held over each bound, as percentages: `?` for a server given by URL. */
function serverSide(f: LoadFigures): string {
  return f.serverSideOver ? f.serverSideOver.map((share) => `${(share * 100).toFixed(1)}%`).join(' / ') : '?';
}

/** The WAL's size at the end of the window, in MB: `?` for a server given by URL. */
export function walMb(f: LoadFigures): string {
  return f.walBytes === undefined ? '?' : (f.walBytes / 1e6).toFixed(0);
}

export function formatLoad(figures: readonly LoadFigures[]): string {
  const rows = figures.map((f) => {
    const errors = [...Object.entries(f.errors), ...(f.closed > 0 ? [['closed', f.closed] as const] : [])]
      .map(([code, n]) => `${code}: ${n}`)
      .join(', ');
    return `| ${f.players.toLocaleString('en-US')} | ${f.races} | ${f.movesPerSecond} | ${f.actions.toLocaleString('en-US')} | ${f.actionsPerSecond.toFixed(0)} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.p99)} | ${ms(f.max)} | ${ms(f.clientLagP99)} | ${Number.isNaN(f.serverCpuPerAction) ? '?' : f.serverCpuPerAction.toFixed(0)} | ${serverSide(f)} | ${walMb(f)} | ${formatWalHolds(f.walHolds)} | ${errors || 'none'} |`;
  });
  return [
    `| players | races | moves/s each | actions timed | actions/s | p50 ms | p95 ms | p99 ms | max ms | client lag p99 ms | server CPU µs/action | held by the server over ${SERVER_SIDE_BOUNDS_MS.join(' / ')} ms | WAL MB | WAL catch-ups: caught up / behind / timed out, mean hold | errors |`,
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/**
 * `node --conditions=source --import tsx bench/server/ws-load.ts [--players 1000] [--seconds 30] [--rate 2] [--ramp 1000,2000,4000] [--url http://host:port --deals-from postgres://…|FILE] [--rooms] [--acks FILE] [--pids PID,…]`
 * With `--ramp`, one run per player count (a fresh server each), to find the largest load
 * whose p99 stays under 50 ms.
 */
if (import.meta.url === `file://${process.argv[1]}`) {
  // Exit through 'exit' handlers on a signal, so the spawned server goes down with us.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  const seconds = Number(flag('seconds', '30'));
  const movesPerSecond = Number(flag('rate', '2'));
  const url = process.argv.includes('--url') ? flag('url', '') : undefined;
  const cluster = {
    ...(process.argv.includes('--deals-from') ? { dealsFrom: flag('deals-from', '') } : {}),
    roomSockets: process.argv.includes('--rooms'),
    ...(process.argv.includes('--acks') ? { acksFile: flag('acks', '') } : {}),
    ...(process.argv.includes('--pids') ? { serverPids: flag('pids', '').split(',').map(Number) } : {}),
    ...(process.argv.includes('--server-dir') ? { serverDir: flag('server-dir', '') } : {}),
    pinServer: process.argv.includes('--pin-server'),
  };
  if (process.argv.includes('--clients')) {
    console.log(
      JSON.stringify(
        await runClients({ url, players: Number(flag('players', '1000')), seconds, movesPerSecond, ...cluster }),
      ),
    );
    process.exit(0);
  }
  const counts = flag('ramp', flag('players', '1000')).split(',').map(Number);
  const figures: LoadFigures[] = [];
  for (const players of counts) {
    figures.push(await benchWsLoad({ url, players, seconds, movesPerSecond, ...cluster }));
    console.error(formatLoad(figures.slice(-1)));
  }
  console.log(formatLoad(figures));
}
