import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ErrorCode } from '@scorpion/protocol';
import { Counter, Histogram, header, LabelledCounter, type Metric, Registry, Sampled, sample } from './metrics.ts';

/** Connections the socket edge closes, counted with the error frames as rejected frames. */
export const CLOSE_REASONS = ['oversized', 'binary', 'invalid-frame', 'origin', 'flood', 'shutting-down'] as const;
export type RejectReason = ErrorCode | (typeof CLOSE_REASONS)[number];

/** Live state read at each scrape; it exists only once the app is built. */
export interface LiveCounts {
  connectedPlayers(): number;
  openSockets(): number;
  activeRaces(): Promise<number>;
}

/** Moves: most land in a few milliseconds; the tail up to seconds is what an alert watches. */
const ROUNDTRIP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** Group commits: tens of microseconds in WAL mode, more with DATABASE_SYNC=full or a slow disk. */
const WRITE_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25];

/**
 * Every metric the server exposes on `/metrics`. The socket edge and the SQLite repository
 * report into it; gauges read live state when scraped.
 */
export class ServerMetrics {
  readonly registry = new Registry();
  private readonly moves = this.registry.add(
    new Counter(
      'scorpion_moves_total',
      'Game actions (moves, undos, redos) stored and acknowledged. Moves per second: rate(scorpion_moves_total[1m]).',
    ),
  );
  private readonly roundtrip = this.registry.add(
    new Histogram(
      'scorpion_move_roundtrip_seconds',
      'From a move frame arriving to its ack being sent, the durable write included.',
      ROUNDTRIP_BUCKETS,
    ),
  );
  private readonly rejections = this.registry.add(
    new LabelledCounter(
      'scorpion_rejected_frames_total',
      'Frames refused with an error frame (reason: its error code) or by closing the socket (oversized, binary, invalid-frame, origin, flood, shutting-down).',
      'reason',
      [...ErrorCode.options, ...CLOSE_REASONS],
    ),
  );
  private readonly writes = this.registry.add(
    new Histogram(
      'scorpion_sqlite_write_seconds',
      'Time to commit one group of game actions to SQLite (the write behind every move ack).',
      WRITE_BUCKETS,
    ),
  );
  private readonly loop = this.registry.add(new EventLoopLag());

  constructor() {
    this.registry.add(
      new Sampled('process_resident_memory_bytes', 'Resident memory size in bytes.', 'gauge', () =>
        process.memoryUsage.rss(),
      ),
    );
    this.registry.add(
      new Sampled('process_cpu_seconds_total', 'User and system CPU time spent, in seconds.', 'counter', () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1e6;
      }),
    );
    const startedAt = Math.round(Date.now() / 1000 - process.uptime());
    this.registry.add(
      new Sampled(
        'process_start_time_seconds',
        'Start time of the process, in seconds since the epoch.',
        'gauge',
        () => startedAt,
      ),
    );
  }

  /** Adds the gauges over live state (players, sockets, races). */
  watch(live: LiveCounts): void {
    this.registry.add(
      new Sampled(
        'scorpion_connected_players',
        'Players with at least one socket past its welcome.',
        'gauge',
        live.connectedPlayers,
      ),
    );
    this.registry.add(
      new Sampled(
        'scorpion_open_sockets',
        'Open WebSocket connections, counting those still being identified.',
        'gauge',
        live.openSockets,
      ),
    );
    this.registry.add(
      new Sampled('scorpion_active_races', 'Races counting down or running.', 'gauge', live.activeRaces),
    );
  }

  rejected(reason: RejectReason): void {
    this.rejections.inc(reason);
  }

  /** An ack went out for a frame that arrived at `arrivedAt` (performance.now()). */
  ackSent(duplicate: boolean, arrivedAt: number): void {
    if (!duplicate) this.moves.inc();
    this.roundtrip.observe((performance.now() - arrivedAt) / 1000);
  }

  /** The SQLite repository's hook: one group of actions committed in `seconds`. */
  readonly sqliteCommit = (seconds: number): void => this.writes.observe(seconds);

  stop(): void {
    this.loop.stop();
  }
}

/** Node samples the loop with a timer of this period; what it reports includes the period. */
const LOOP_RESOLUTION_MS = 10;

/**
 * How late the event loop ran timers, since the previous scrape (then it starts again): a
 * stalled loop delays every socket. From perf_hooks' monitorEventLoopDelay.
 */
class EventLoopLag implements Metric {
  readonly names = [
    'nodejs_eventloop_lag_seconds',
    'nodejs_eventloop_lag_p99_seconds',
    'nodejs_eventloop_lag_max_seconds',
  ];
  private readonly delays = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });

  constructor() {
    this.delays.enable();
  }

  expose(): string {
    const d = this.delays;
    const lag = (ns: number) => (d.count === 0 ? 0 : Math.max(0, ns / 1e9 - LOOP_RESOLUTION_MS / 1000));
    const [mean, p99, max] = this.names;
    const text =
      header(mean!, 'Mean event loop lag since the previous scrape, in seconds.', 'gauge') +
      sample(mean!, lag(d.mean)) +
      header(p99!, '99th percentile of event loop lag since the previous scrape, in seconds.', 'gauge') +
      sample(p99!, lag(d.percentile(99))) +
      header(max!, 'Largest event loop lag since the previous scrape, in seconds.', 'gauge') +
      sample(max!, lag(d.max));
    d.reset();
    return text;
  }

  stop(): void {
    this.delays.disable();
  }
}
