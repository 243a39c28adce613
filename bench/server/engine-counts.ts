import { Redis } from 'ioredis';
import pg from 'pg';

/** Where the cluster's engines stand: the figures docs/scaling.md scales up. */
export interface EngineCounts {
  /**
   * PostgreSQL's next transaction id: write transactions are the ones given one, so the
   * difference of two reads is how many committed or aborted writes ran between them (read-only
   * ones need no WAL flush and are not counted). Read from the snapshot, which assigns none, and
   * current at once, unlike `pg_stat_database`, which backends fill in up to 10 s late.
   */
  readonly pgWrites: number;
  /** PostgreSQL's write-ahead log position, in bytes. */
  readonly walBytes: number;
  /** Commands Redis has run since it started (`INFO stats`: `total_commands_processed`). */
  readonly redisCommands: number;
}

/** PostgreSQL's write transactions so far (`EngineCounts.pgWrites`), alone. */
export async function pgWriteCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ xid: string }>(`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xid`);
    return Number(rows[0]!.xid);
  } finally {
    await client.end();
  }
}

/** Reads the counters (the read adds one Redis command and no write). */
export async function engineCounts(databaseUrl: string, redisUrl: string): Promise<EngineCounts> {
  const client = new pg.Client({ connectionString: databaseUrl });
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await client.connect();
  await redis.connect();
  try {
    const { rows } = await client.query<{ xid: string; wal: string }>(
      `SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xid,
              pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text AS wal`,
    );
    const stats = await redis.info('stats');
    const commands = /^total_commands_processed:(\d+)/m.exec(stats);
    if (!commands) throw new Error('Redis INFO stats has no total_commands_processed');
    return { pgWrites: Number(rows[0]!.xid), walBytes: Number(rows[0]!.wal), redisCommands: Number(commands[1]) };
  } finally {
    await client.end();
    redis.disconnect();
  }
}

/** What the engines did between two reads, per stored action. */
export function perAction(before: EngineCounts, after: EngineCounts, actions: number): EngineCounts {
  return {
    pgWrites: (after.pgWrites - before.pgWrites) / actions,
    walBytes: (after.walBytes - before.walBytes) / actions,
    redisCommands: (after.redisCommands - before.redisCommands) / actions,
  };
}
