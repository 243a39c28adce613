import { readFileSync } from 'node:fs';
import pg from 'pg';

export interface AckCheck {
  /** Actions the clients were told are stored (acks, duplicates aside). */
  readonly acked: number;
  /** Of those, the ones stored once at their move number, as the action that was sent. */
  readonly storedOnce: number;
  /** Acked but missing, or stored as another action: each breaks "acknowledged only once stored". */
  readonly lost: readonly string[];
  /** Rows of the load's games that no ack answered (a move stored twice would be one). */
  readonly unacked: number;
}

/** The same action whatever order its keys were written in (the server stores what zod parsed). */
const canonical = (action: Record<string, unknown>) => JSON.stringify(action, Object.keys(action).sort());

/**
 * Reads the actions stored in PostgreSQL for every game the clients played and checks each
 * acknowledged action (`acksFile`, lines of `[gameId, seq, action]`) against them. A row is
 * unique per game and move number (the primary key), so a matching row is the action stored
 * exactly once; rows beyond the acks would be actions stored without an answer, or twice.
 */
export async function checkStoredAcks(databaseUrl: string, acksFile: string): Promise<AckCheck> {
  const acks = readFileSync(acksFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as [string, number, Record<string, unknown>]);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const games = [...new Set(acks.map(([gameId]) => gameId))];
    const { rows } = await client.query<{ game_id: string; seq: number; action: string }>(
      'SELECT game_id, seq, action FROM actions WHERE game_id = ANY($1)',
      [games],
    );
    const stored = new Map(rows.map((r) => [`${r.game_id}:${r.seq}`, canonical(JSON.parse(r.action))]));
    const lost = acks
      .filter(([gameId, seq, action]) => stored.get(`${gameId}:${seq}`) !== canonical(action))
      .map(([gameId, seq]) => `${gameId}:${seq}`);
    const storedOnce = acks.length - lost.length;
    return { acked: acks.length, storedOnce, lost, unacked: rows.length - storedOnce };
  } finally {
    await client.end();
  }
}
