import { type Standing, type StoredResult, standings, tableFromRows } from '../../apps/server/src/arenas/scoring.ts';
import { TableView } from '../../apps/server/src/arenas/table-view.ts';
import { median, ms } from './stats.ts';

/*
 * What one standings push costs the server's CPU, apart from the sockets: the arena core's own
 * code (`apps/server/src/arenas/`) on a table of `players` players with `deals` results each.
 * A push makes the table (`standings`, a sort of every player's sheet), one `TableView`, and one
 * frame per socket (the top ten, the same for all, and the player's own row). The frame is made
 * two ways: `JSON.stringify` of the whole frame for each socket, and the shared part serialized
 * once with only the player's own row serialized per socket. Rebuilding the table from stored
 * rows (after a crash, or on a process that holds no copy) is timed apart. Every figure is CPU
 * time, the median of the rounds.
 */

export interface ArenaTableFigures {
  readonly players: number;
  readonly deals: number;
  /** The table rebuilt from stored rows (`tableFromRows`), in ms. */
  readonly rebuildMs: number;
  /** The table ordered again from sheets already scored (`standings`) and its view, in ms. */
  readonly orderMs: number;
  /** Every socket's frame, `JSON.stringify` of each: in ms for all, and µs a socket. */
  readonly framesMs: number;
  /** Every socket's frame, the shared part serialized once: in ms for all. */
  readonly sharedFramesMs: number;
  /** The size of one frame, in bytes. */
  readonly frameBytes: number;
}

/** A small seeded generator (mulberry32): the same table on every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function table(players: number, deals: number) {
  const random = seeded(players * 31 + deals);
  const who = Array.from({ length: players }, (_, i) => ({
    playerId: `p${i.toString(36).padStart(20, '0')}`,
    name: `player ${i}`,
  }));
  const rows: StoredResult[] = [];
  for (const p of who) {
    for (let deal = 1; deal <= deals; deal++) {
      const r = random();
      const outcome = deal === deals ? 'unfinished' : r < 0.4 ? 'won' : r < 0.9 ? 'gave-up' : 'timed-out';
      rows.push({ playerId: p.playerId, deal, outcome, berserk: r < 0.1, elapsedMs: Math.floor(random() * 300_000) });
    }
  }
  return { who, rows };
}

/**
 * The CPU time `run` took, in ms (user and system, this process): on a shared machine a wall
 * clock would count the time other tenants held the core.
 */
const time = (run: () => void) => {
  const start = process.cpuUsage();
  run();
  const spent = process.cpuUsage(start);
  return (spent.user + spent.system) / 1000;
};

export function benchArenaTable(players: number, deals: number, rounds: number): ArenaTableFigures {
  const { who, rows } = table(players, deals);
  const header = { arenaId: 'p-abcdefghijkl', status: 'running', startsAt: 0, endsAt: 7_200_000 };
  const rebuild: number[] = [];
  const order: number[] = [];
  const frames: number[] = [];
  const shared: number[] = [];
  let frameBytes = 0;
  let built: Standing[] = [];
  for (let round = 0; round < rounds; round++) {
    rebuild.push(time(() => (built = tableFromRows(who, rows))));
    let view: TableView | undefined;
    order.push(time(() => (view = new TableView(standings(built), true))));
    const v = view!;
    let bytes = 0;
    frames.push(
      time(() => {
        for (const p of who) {
          const frame = JSON.stringify({
            type: 'arena-standings',
            ...header,
            players: v.players,
            top: v.top,
            me: v.rowOf(p.playerId),
            serverTime: 1,
          });
          bytes += frame.length;
        }
      }),
    );
    frameBytes = bytes / players;
    shared.push(
      time(() => {
        const head = `${JSON.stringify({ type: 'arena-standings', ...header, players: v.players, top: v.top }).slice(0, -1)},"me":`;
        for (const p of who) bytes += `${head}${JSON.stringify(v.rowOf(p.playerId))},"serverTime":1}`.length;
      }),
    );
  }
  return {
    players,
    deals,
    rebuildMs: median(rebuild),
    orderMs: median(order),
    framesMs: median(frames),
    sharedFramesMs: median(shared),
    frameBytes,
  };
}

export function formatArenaTable(figures: readonly ArenaTableFigures[]): string {
  const rows = figures.map(
    (f) =>
      `| ${f.players.toLocaleString('en-US')} | ${f.deals} | ${ms(f.rebuildMs)} | ${ms(f.orderMs)} | ${ms(f.framesMs)} | ${((1000 * f.framesMs) / f.players).toFixed(1)} | ${ms(f.sharedFramesMs)} | ${((1000 * f.sharedFramesMs) / f.players).toFixed(1)} | ${f.frameBytes.toFixed(0)} |`,
  );
  return [
    '| players | deals each | rebuilt from rows ms | ordered and viewed ms | every frame, stringified whole, ms | µs a socket | every frame, shared part once, ms | µs a socket | frame bytes |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
