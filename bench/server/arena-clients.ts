import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { spawnBuiltServer } from '../../apps/server/src/test/child.ts';
import { signUp } from '../../apps/server/src/test/client.ts';
import {
  type Answer,
  type ArenaPlayer,
  answer,
  isStandings,
  newPlayer,
  nextFrame,
  standingsArrived,
} from './arena-player.ts';
import { cpuSeconds, cpusOf, pin, SERVER_CPU } from './cores.ts';
import { readDeals } from './deals.ts';
import { pace } from './pace.ts';
import { type Script, scriptFor } from './script.ts';
import { percentile } from './stats.ts';

type Socket = InstanceType<typeof WebSocket>;

export interface ArenaLoadOptions {
  /** An already running server (a cluster's HAProxy); else the bench starts the build on SQLite. */
  readonly url?: string;
  /** For a server given by `url`: its database (a PostgreSQL URL), where the deals' cards are read. */
  readonly dealsFrom?: string;
  readonly players: number;
  readonly seconds: number;
  readonly actionsPerSecond: number;
  /** Whether the players follow the standings; without, each sends `arena-leave` after joining. */
  readonly standings: boolean;
  /** Where to write every acknowledged move, one JSON line `[gameId, seq, action]` each. */
  readonly acksFile?: string;
  readonly serverPids?: readonly number[];
  readonly pinServer?: boolean;
}

export interface ArenaLoadFigures extends ArenaLoadOptions {
  readonly arenaId: string;
  /** Moves and undos timed in the window (each answered by its ack), and their round trips. */
  readonly moves: number;
  readonly movesPerSecond: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
  /** Give-ups and next deals in the window (each answered by its game), and their p99. */
  readonly dealEnds: number;
  readonly dealEndP99: number;
  /** Standings frames over every socket in the window: per socket per second, the most any socket got, the shortest gap. */
  readonly standingsPerSocketPerSecond: number;
  readonly standingsMostOnOneSocket: number;
  readonly standingsMinGapMs: number;
  /** Bytes of standings frames received per second, all sockets. */
  readonly standingsBytesPerSecond: number;
  /**
   * From a deal's end acknowledged to its player to a standings frame, on another socket (a few
   * sampled ones), showing that deal in the player's row of the top: how late the table others
   * follow is. In a cluster the row's player mostly plays on another process than the socket.
   */
  readonly standingsLatencyP50: number;
  readonly standingsLatencyP99: number;
  readonly errors: Record<string, number>;
  readonly closed: number;
  readonly clientLagP99: number;
  /** The server processes' CPU time in the window: per second of it, and per timed move, in µs. */
  readonly serverCpuPerSecond: number;
  readonly serverCpuPerMove: number;
  readonly cores?: { readonly clients: string; readonly server: string };
}

const WARM_UP_MS = 2000;
const LAG_RESOLUTION_MS = 5;
/** How many sockets parse their standings frames to time them (parsing all would load the clients). */
const SAMPLED_SOCKETS = 20;

/** The part of a standings frame the latency reads. */
interface StandingsFrame {
  readonly top: readonly { readonly player: { readonly id: string }; readonly points: readonly number[] }[];
  readonly me: { readonly player: { readonly id: string } } | null;
}

interface Connected {
  readonly player: ArenaPlayer;
  readonly socket: Socket;
  readonly cookie: string;
}

/** Opens a socket and resolves on its welcome; every later frame goes to `onFrame`. */
function open(wsUrl: string, cookie: string, onFrame: (text: string) => void): Promise<Socket> {
  const socket = new WebSocket(wsUrl, { headers: { cookie } });
  return new Promise((resolve, reject) => {
    let welcomed = false;
    socket.on('message', (data) => {
      const text = data.toString();
      if (!welcomed && text.startsWith('{"type":"welcome"')) {
        welcomed = true;
        resolve(socket);
      } else onFrame(text);
    });
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`socket closed before its welcome: ${code}`)));
  });
}

/** Makes the load's arena: private, starting now, two hours long, by the first player. */
async function createArena(url: string, cookie: string): Promise<string> {
  const response = await fetch(`${url}/api/arenas`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name: 'Load arena', startsAt: Date.now(), minutes: 120, variant: 'scorpion' }),
  });
  if (!response.ok) throw new Error(`arena not created: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/**
 * `players` players in one arena, each sending an action `actionsPerSecond` times a second for
 * `seconds` (moves of a script worked out from the deal's cards, then a give-up, then the next
 * deal: arena-player.ts), with or without the standings pushed to them. The cards of each deal
 * number are read once from the server's database, as its operator could, the first time a
 * player is dealt it: every player of an arena gets the same deals.
 */
export async function runArenaClients(o: ArenaLoadOptions): Promise<ArenaLoadFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'scorpion-bench-arena-'));
  const server = o.url
    ? { url: o.url, wsUrl: `${o.url.replace('http', 'ws')}/ws`, process: undefined, exited: undefined }
    : await spawnBuiltServer({
        DATABASE_PATH: join(dir, 'load.db'),
        RATE_LIMIT_SCALE: '1000',
        // The arena's deals are not proven winnable here: the solver's threads would share the
        // server's core, and the load gives every deal up anyway.
        CERTIFY: 'none',
      });
  const dealsFrom = o.dealsFrom ?? join(dir, 'load.db');
  const serverPids = o.serverPids ?? (server.process ? [server.process.pid!] : []);
  if (o.pinServer && server.process) pin(server.process.pid!, SERVER_CPU);
  const cores =
    o.pinServer && server.process ? { clients: cpusOf(process.pid), server: cpusOf(server.process.pid!) } : undefined;
  const moveRtts: number[] = [];
  const endRtts: number[] = [];
  const errors: Record<string, number> = {};
  const acked: string[] = [];
  let measuring = false;
  let closing = false;
  let closed = 0;
  let standingsBytes = 0;
  /** The players whose join was answered (by the standings' first frame). */
  const joined = new Set<number>();
  /** Each player by id (from their join's own row), and when each of their deals' ends was acknowledged. */
  const byId = new Map<string, ArenaPlayer>();
  const endedAt = new Map<ArenaPlayer, number[]>();
  /** The sampled sockets: for each, the deals ended it has been shown of each top player. */
  const sampleEvery = Math.max(1, Math.floor(o.players / SAMPLED_SOCKETS));
  const shown = new Map<ArenaPlayer, Map<string, number>>();
  const latencies: number[] = [];
  /** Each deal number's script, worked out once from its cards, with a placeholder for the game. */
  const scripts = new Map<number, Promise<Script>>();
  const count = (code: string) => {
    errors[code] = (errors[code] ?? 0) + 1;
  };

  const scriptOf = (deal: number, gameId: string): Promise<Script> => {
    let script = scripts.get(deal);
    if (!script) {
      script = readDeals(dealsFrom, [gameId]).then((d) => scriptFor(d.get(gameId)!, '@', 20));
      scripts.set(deal, script);
    }
    return script;
  };
  const forGame = (script: Script, gameId: string): Script => ({
    actions: script.actions,
    frames: script.frames.map((f) => f.replace('"gameId":"@"', `"gameId":"${gameId}"`)),
  });
  const onAnswer = (player: ArenaPlayer, a: Answer) => {
    if (a.error) count(a.error);
    if (measuring) (a.kind === 'move' ? moveRtts : endRtts).push(a.rttMs);
    if (a.acked) acked.push(JSON.stringify(a.acked));
    if (a.kind === 'give-up' && !a.error) endedAt.get(player)?.push(performance.now());
    if (a.dealt) {
      const { deal, gameId } = a.dealt;
      scriptOf(deal, gameId).then(
        (script) => {
          if (player.gameId === gameId) player.script = forGame(script, gameId);
        },
        () => count('deal-unreadable'),
      );
    }
  };
  /** A sampled socket's frame: each top row showing a deal end it had not shown is timed. */
  const sawTop = (socket: ArenaPlayer, frame: StandingsFrame, now: number) => {
    let seen = shown.get(socket);
    if (!seen) {
      seen = new Map();
      shown.set(socket, seen);
    }
    for (const row of frame.top) {
      const ended = row.points.length;
      const before = seen.get(row.player.id);
      seen.set(row.player.id, ended);
      if (before === undefined || ended <= before) continue;
      const player = byId.get(row.player.id);
      const at = player && endedAt.get(player)?.[ended - 1];
      if (measuring && at !== undefined && player !== socket) latencies.push(now - at);
    }
  };
  const onFrame = (player: ArenaPlayer) => (text: string) => {
    const now = performance.now();
    const frame = isStandings(text) ? undefined : JSON.parse(text);
    if (!frame || frame.type === 'arena-standings') {
      if (!joined.has(player.index)) {
        const me = (JSON.parse(text) as StandingsFrame).me;
        if (me) byId.set(me.player.id, player);
        endedAt.set(player, []);
      } else if (player.index % sampleEvery === 0) {
        sawTop(player, JSON.parse(text) as StandingsFrame, now);
      }
      joined.add(player.index);
      standingsArrived(player, now, measuring);
      if (measuring) standingsBytes += text.length;
      return;
    }
    const a = answer(player, frame, now);
    if (a) onAnswer(player, a);
  };

  try {
    const first = await signUp(server.url, 'arena0');
    const arenaId = await createArena(server.url, first.cookie);
    const connected: Connected[] = [];
    for (let i = 0; i < o.players; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, o.players - i) }, async (_, j) => {
          const index = i + j;
          const cookie = index === 0 ? first.cookie : (await signUp(server.url, `arena${index}`)).cookie;
          const player = newPlayer(index);
          const socket = await open(server.wsUrl, cookie, onFrame(player));
          socket.on('close', () => {
            if (!closing) closed++;
          });
          return { player, socket, cookie };
        }),
      );
      connected.push(...batch);
    }
    // Everyone joins (the standings' first frame answers), leaves the standings when told to, and
    // is dealt deal 1, fifty at a time. The leave waits for the join's answer: a socket's frames
    // are handled concurrently, and a leave sent at once can run before the join subscribes.
    for (let i = 0; i < connected.length; i += 50) {
      await Promise.all(
        connected.slice(i, i + 50).map(async ({ player, socket }) => {
          socket.send(JSON.stringify({ type: 'arena-join', arenaId, rid: 'join' }));
          const joinBy = performance.now() + 30_000;
          while (!joined.has(player.index)) {
            if (performance.now() > joinBy) throw new Error(`player ${player.index}'s join was not answered`);
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          if (!o.standings) socket.send(JSON.stringify({ type: 'arena-leave', arenaId, rid: 'leave' }));
          socket.send(nextFrame(player, arenaId, performance.now())!);
          while (player.inFlight) await new Promise((resolve) => setTimeout(resolve, 20));
          if (player.deal === 0)
            throw new Error(`player ${player.index} was not dealt deal 1: ${JSON.stringify(errors)}`);
        }),
      );
    }
    await Promise.all([...scripts.values()]);

    const stopActing = pace(connected.length, 1000 / o.actionsPerSecond, (i) => {
      const { player, socket } = connected[i]!;
      const frame = nextFrame(player, arenaId, performance.now());
      if (frame) socket.send(frame);
    });
    await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
    measuring = true;
    const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
    lag.enable();
    const started = performance.now();
    const cpuBefore = cpuSeconds(serverPids);
    await new Promise((resolve) => setTimeout(resolve, o.seconds * 1000));
    measuring = false;
    const serverCpu = cpuSeconds(serverPids) - cpuBefore;
    const elapsed = (performance.now() - started) / 1000;
    lag.disable();
    stopActing();
    // The answers still in flight, so that every move the server stored was acknowledged here.
    const deadline = performance.now() + 10_000;
    while (connected.some((c) => c.player.inFlight) && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (o.acksFile) writeFileSync(o.acksFile, acked.map((line) => `${line}\n`).join(''));
    closing = true;
    for (const { socket } of connected) socket.close();

    const players = connected.map((c) => c.player);
    const standings = players.reduce((sum, p) => sum + p.standings, 0);
    return {
      ...o,
      arenaId,
      moves: moveRtts.length,
      movesPerSecond: moveRtts.length / elapsed,
      p50: percentile(moveRtts, 50),
      p95: percentile(moveRtts, 95),
      p99: percentile(moveRtts, 99),
      max: percentile(moveRtts, 100),
      dealEnds: endRtts.length,
      dealEndP99: percentile(endRtts, 99),
      standingsPerSocketPerSecond: standings / players.length / elapsed,
      standingsMostOnOneSocket: Math.max(...players.map((p) => p.standings)),
      standingsMinGapMs: Math.min(...players.map((p) => p.minStandingsGapMs)),
      standingsBytesPerSecond: standingsBytes / elapsed,
      standingsLatencyP50: percentile(latencies, 50),
      standingsLatencyP99: percentile(latencies, 99),
      errors,
      closed,
      clientLagP99: Math.max(0, lag.percentile(99) / 1e6 - LAG_RESOLUTION_MS),
      serverCpuPerSecond: serverCpu / elapsed,
      serverCpuPerMove: (serverCpu * 1e6) / moveRtts.length,
      ...(cores ? { cores } : {}),
    };
  } finally {
    server.process?.kill('SIGTERM');
    await server.exited;
    rmSync(dir, { recursive: true, force: true });
  }
}
