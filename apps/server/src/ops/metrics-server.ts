import { ErrorCode } from '@scorpion/protocol';
import type { PoolHealth } from '@scorpion/solver';
import { Counter, Gauge, Registry } from 'prom-client';
import { HOLD_OUTCOMES, type HoldOutcome } from '../db/wal-keeper.ts';
import { PlainHistogram } from './plain-histogram.ts';
import { processMetrics } from './process-metrics.ts';

/** Connections the socket edge closes, counted with the error frames as rejected frames. */
export const CLOSE_REASONS = ['oversized', 'binary', 'invalid-frame', 'origin', 'flood', 'shutting-down'] as const;
export type RejectReason = ErrorCode | (typeof CLOSE_REASONS)[number];

/** Live state read at each scrape; it exists only once the app is built. */
export interface LiveCounts {
  connectedPlayers(): number;
  openSockets(): number;
  activeRaces(): Promise<number>;
  /** Players waiting for a quick race (every process's, in cluster mode). */
  quickQueue(): Promise<number>;
}

/** Moves: most land in a few milliseconds; the tail up to seconds is what an alert watches. */
const ROUNDTRIP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** Holds of the action commits for a WAL catch-up: a few milliseconds, cut off at 250 ms. */
const WAL_HOLD_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5];
/** Group commits: tens of microseconds in WAL mode, more with DATABASE_SYNC=full or a slow disk. */
const WRITE_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25];

/**
 * Every metric of one app on `/metrics`, through prom-client. The socket edge and the SQLite
 * repository report into it; gauges read live state when scraped. The process's own figures
 * (CPU, memory, heap, GC, event-loop lag) come from prom-client's default metrics, once per
 * process (see `processMetrics`).
 */
export class ServerMetrics {
  readonly registry = new Registry();
  // The move path's own metrics are plain counts that a scrape reads (`PlainHistogram`, the
  // counter's `collect`): prom-client's `observe` and `inc` allocated on every ack.
  private movesStored = 0;
  private readonly roundtrip = new PlainHistogram(
    'scorpion_move_roundtrip_seconds',
    'From a move frame arriving to its ack being sent, the durable write included.',
    ROUNDTRIP_BUCKETS,
  );
  private readonly rejections = new Counter({
    name: 'scorpion_rejected_frames_total',
    help: 'Frames refused with an error frame (reason: its error code) or by closing the socket (oversized, binary, invalid-frame, origin, flood, shutting-down).',
    labelNames: ['reason'],
    registers: [this.registry],
  });
  /**
   * The games repository (SQLite or PostgreSQL) counts each group commit's time here itself
   * (`CommitTimes`): a hook of ours that only passed the time on was one more call per commit.
   */
  readonly commitTimes = new PlainHistogram(
    'scorpion_action_commit_seconds',
    'Time to commit one group of game actions to the database, SQLite or PostgreSQL (the write behind every move ack).',
    WRITE_BUCKETS,
  );
  private readonly groupWaits = new PlainHistogram(
    'scorpion_action_group_wait_seconds',
    "PostgreSQL: how long each group commit's first action waited for the group's window to close (at most the window, repo/postgres/games.ts); _count is the group commits.",
    WAL_HOLD_BUCKETS,
  );
  private readonly walHolds = new PlainHistogram(
    'scorpion_wal_hold_seconds',
    'How long the action commits were held while the checkpoint thread caught the SQLite WAL up, so that the WAL starts over (about one hold per 64 MB of WAL).',
    WAL_HOLD_BUCKETS,
  );
  private readonly walCatchUps = new Counter({
    name: 'scorpion_wal_catchups_total',
    help: 'WAL catch-ups by how they ended: caught-up (the WAL starts over), behind (another write or a reader kept frames back), timed-out (held 250 ms, let go).',
    labelNames: ['outcome'],
    registers: [this.registry],
  });

  constructor() {
    const stored = () => this.movesStored;
    new Counter({
      name: 'scorpion_moves_total',
      help: 'Game actions (moves, undos, redos) stored and acknowledged. Moves per second: rate(scorpion_moves_total[1m]).',
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(stored());
      },
    });
    this.registry.registerMetric(this.roundtrip.asMetric());
    this.registry.registerMetric(this.commitTimes.asMetric());
    this.registry.registerMetric(this.walHolds.asMetric());
    this.registry.registerMetric(this.groupWaits.asMetric());
    for (const outcome of HOLD_OUTCOMES) this.walCatchUps.inc({ outcome }, 0);
    // Started now, not at the first scrape: the CPU counter and the loop monitor count from here.
    processMetrics();
    // Every reason is written (as 0) from the start, so that rate() sees the first of each.
    for (const reason of [...ErrorCode.options, ...CLOSE_REASONS]) this.rejections.inc({ reason }, 0);
  }

  /** Adds the gauges over live state (players, sockets, races). */
  watch(live: LiveCounts): void {
    const registers = [this.registry];
    new Gauge({
      name: 'scorpion_connected_players',
      help: 'Players with at least one socket past its welcome.',
      registers,
      collect() {
        this.set(live.connectedPlayers());
      },
    });
    new Gauge({
      name: 'scorpion_open_sockets',
      help: 'Open WebSocket connections, counting those still being identified.',
      registers,
      collect() {
        this.set(live.openSockets());
      },
    });
    new Gauge({
      name: 'scorpion_active_races',
      help: 'Races counting down or running.',
      registers,
      async collect() {
        this.set(await live.activeRaces());
      },
    });
    new Gauge({
      name: 'scorpion_quick_queue_waiting',
      help: "Players waiting for a quick race, in every queue (the whole cluster's, in cluster mode).",
      registers,
      async collect() {
        this.set(await live.quickQueue());
      },
    });
  }

  /** Adds the solver pool's figures (with CERTIFY=solver only: without a pool there is nothing to count). */
  watchSolver(pool: { health(): PoolHealth }): void {
    const registers = [this.registry];
    const gauge = (name: string, help: string, read: (h: PoolHealth) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read(pool.health()));
        },
      });
    // The pool keeps these counts; a scrape copies them (reset, then the whole count).
    const counter = (name: string, help: string, read: (h: PoolHealth) => number) =>
      new Counter({
        name,
        help,
        registers,
        collect() {
          this.reset();
          this.inc(read(pool.health()));
        },
      });
    gauge('scorpion_solver_workers_alive', 'Solver threads running (loading included).', (h) => h.alive);
    gauge(
      'scorpion_solver_workers_backing_off',
      'Solver threads that died and wait out their backoff before a restart.',
      (h) => h.backingOff,
    );
    gauge('scorpion_solver_tasks_waiting', 'Solver tasks waiting for a free thread.', (h) => h.waiting);
    counter(
      'scorpion_solver_worker_deaths_total',
      'Solver threads that died (exited while the server ran).',
      (h) => h.deaths,
    );
    counter('scorpion_solver_worker_restarts_total', 'Solver threads started again after a death.', (h) => h.restarts);
  }

  rejected(reason: RejectReason): void {
    this.rejections.inc({ reason });
  }

  /** An ack went out for a frame that arrived at `arrivedAt` (performance.now()). */
  ackSent(duplicate: boolean, arrivedAt: number): void {
    if (!duplicate) this.movesStored++;
    this.roundtrip.observe((performance.now() - arrivedAt) / 1000);
  }

  /** The PostgreSQL games repository's hook: a group's first action waited `seconds` for its window. */
  readonly groupWait = (seconds: number): void => this.groupWaits.observe(seconds);

  /** The SQLite WAL keeper's hook: one hold of the action commits, how it ended and how long it took. */
  readonly walHold = (outcome: HoldOutcome, seconds: number): void => {
    this.walHolds.observe(seconds);
    this.walCatchUps.inc({ outcome });
  };

  /** The text `/metrics` serves: this app's metrics and the process's. */
  expose(): Promise<string> {
    return Registry.merge([processMetrics(), this.registry]).metrics();
  }
}
