import Database from 'better-sqlite3';
import pg from 'pg';
import type { Card, Options, VariantId } from '../../packages/rules/src/index.ts';
import type { Deal } from './script.ts';

interface DealRow extends Deal {
  readonly id: string;
}

/**
 * The deals of the load's games, read from the server's own database as its operator could: the
 * bench's harness, not a client of the protocol (which is never sent a hidden card). `source`
 * is the SQLite file of a server the bench started, or a PostgreSQL URL (`postgres://…`) for a
 * cluster. Throws if a game is missing.
 */
export async function readDeals(source: string, gameIds: readonly string[]): Promise<Map<string, Deal>> {
  const rows = /^postgres(ql)?:\/\//.test(source) ? await fromPostgres(source, gameIds) : fromSqlite(source, gameIds);
  const deals = new Map(rows.map((row) => [row.id, { variant: row.variant, options: row.options, deck: row.deck }]));
  const missing = gameIds.filter((id) => !deals.has(id));
  if (missing.length > 0)
    throw new Error(`no deal stored for ${missing.length} of the load's games (${missing[0]}, …)`);
  return deals;
}

function fromSqlite(path: string, gameIds: readonly string[]): DealRow[] {
  // Read-only beside the running server: WAL mode lets a reader in while it writes.
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare<[string], { id: string; variant: VariantId; options: string; deck: string }>(
        'SELECT id, variant, options, deck FROM games WHERE id IN (SELECT value FROM json_each(?))',
      )
      .all(JSON.stringify(gameIds));
    return rows.map((r) => ({ ...r, options: JSON.parse(r.options) as Options, deck: JSON.parse(r.deck) as Card[] }));
  } finally {
    db.close();
  }
}

async function fromPostgres(url: string, gameIds: readonly string[]): Promise<DealRow[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // json columns arrive parsed.
    const { rows } = await client.query<DealRow>('SELECT id, variant, options, deck FROM games WHERE id = ANY($1)', [
      gameIds,
    ]);
    return rows;
  } finally {
    await client.end();
  }
}
