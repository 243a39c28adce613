import pg from 'pg';
import type { LeaderRepo } from '../types.ts';

/** The advisory lock the leader holds: "closes the cluster's past days". */
export const LEADER_LOCK = 0x5c0_1ead;

export interface PgLeader extends LeaderRepo {
  /** Lets go of the lead (its connection closes, and the lock with it). */
  close(): Promise<void>;
}

/**
 * Leadership by `pg_try_advisory_lock` on a connection outside the pool, held as long as the
 * process lives: PostgreSQL drops a session's locks when its connection ends, so when the
 * leader dies (or its connection breaks) the lock is free and the next process to ask leads.
 */
export function pgLeader(url: string): PgLeader {
  let client: pg.Client | undefined;
  let leading = false;
  let closed = false;
  let asking: Promise<boolean> | undefined;

  const drop = (gone: pg.Client) => {
    if (client !== gone) return;
    client = undefined;
    leading = false;
    void gone.end().catch(() => {});
  };

  const ask = async (): Promise<boolean> => {
    if (closed) return false;
    if (client && leading) {
      // Still leading while this very session lives: a session lock lasts as long as it.
      try {
        await client.query('SELECT 1');
        return true;
      } catch {
        drop(client);
      }
    }
    if (!client) {
      // Keepalives: a leader cut off from PostgreSQL learns it (and stops leading) without a query.
      const fresh = new pg.Client({ connectionString: url, keepAlive: true });
      fresh.on('error', () => drop(fresh));
      fresh.on('end', () => drop(fresh));
      client = fresh;
      try {
        await fresh.connect();
      } catch {
        drop(fresh);
        return false;
      }
    }
    const current = client;
    try {
      const { rows } = await current.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [LEADER_LOCK]);
      leading = client === current && rows[0]!.ok;
    } catch {
      drop(current);
    }
    return leading;
  };

  return {
    lead() {
      // One question at a time: two at once on one session would take the lock twice.
      asking ??= ask().finally(() => {
        asking = undefined;
      });
      return asking;
    },
    async close() {
      closed = true;
      const last = client;
      client = undefined;
      leading = false;
      await last?.end().catch(() => {});
    },
  };
}
