import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { type Column, getTableColumns, getTableName, type Table } from 'drizzle-orm';
import type pg from 'pg';
import { gameRow } from '../repo/contract/fixtures.ts';
import type { GameRow } from '../repo/types.ts';

/**
 * A copy of the drizzle-kit migrations in `folder`, put in `into`, that stops before `tag`: to
 * store rows in a database as it was before that migration, then apply the rest.
 */
export function migrationsBefore(folder: string, tag: string, into: string): string {
  cpSync(folder, into, { recursive: true });
  const path = join(into, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(path, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag} in ${folder}`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(path, JSON.stringify(journal));
  return into;
}

/**
 * Daily games as a cluster could store them before `games_daily_ranked`: three ranked games of
 * one player's day (the second holding the day's result), a practice replay, and another player's.
 */
export function rankedTwice(): { games: GameRow[]; withResult: GameRow; ranked: string[] } {
  const day = (playerId: string, startedAt: number, ranked = true) =>
    gameRow(playerId, { kind: 'daily', dailyDate: '2026-06-01', ranked, startedAt });
  const games = [day('p', 1_000), day('p', 2_000), day('p', 3_000), day('p', 4_000, false), day('q', 5_000)];
  return { games, withResult: games[1]!, ranked: [games[1]!.id, games[4]!.id].sort() };
}

/** The day's result of `game`, as the table holds one (only its game matters here). */
export function resultOf(game: GameRow) {
  return {
    date: game.dailyDate!,
    playerId: game.playerId,
    gameId: game.id,
    won: false,
    timeMs: 1,
    moves: 0,
    progress: 0,
    faceDown: 0,
    verified: true,
    sortKey: 0,
    finishedAt: 1,
  };
}

/**
 * The columns of `table` (today's schema) that the old database has, and each of `rows`' values
 * for them as the driver takes them: a newer schema's insert would name columns the old table
 * lacks (an arena's, say), so rows go in by the old table's own columns.
 */
function asOf(table: Table, present: ReadonlySet<string>, rows: readonly Record<string, unknown>[]) {
  const columns = Object.entries(getTableColumns(table)).filter(([, c]) => present.has(c.name)) as [string, Column][];
  const names = columns.map(([, c]) => `"${c.name}"`).join(', ');
  const values = rows.map((row) =>
    columns.map(([key, c]) => (row[key] === undefined ? null : c.mapToDriverValue(row[key]))),
  );
  return { name: getTableName(table), names, count: columns.length, values };
}

/** Inserts `rows` into an old SQLite database's `table`, naming only the columns it has. */
export function insertAsOf(sqlite: Database.Database, table: Table, rows: readonly Record<string, unknown>[]): void {
  const name = getTableName(table);
  const present = new Set(
    (sqlite.prepare(`PRAGMA table_info("${name}")`).all() as { name: string }[]).map((c) => c.name),
  );
  const old = asOf(table, present, rows);
  const insert = sqlite.prepare(
    `INSERT INTO "${name}" (${old.names}) VALUES (${Array(old.count).fill('?').join(', ')})`,
  );
  for (const values of old.values) insert.run(...values);
}

/** Inserts `rows` into an old PostgreSQL database's `table`, naming only the columns it has. */
export async function insertAsOfPg(client: pg.Client, table: Table, rows: readonly Record<string, unknown>[]) {
  const name = getTableName(table);
  const columns = await client.query<{ column_name: string }>(
    'SELECT column_name FROM information_schema.columns WHERE table_name = $1',
    [name],
  );
  const old = asOf(table, new Set(columns.rows.map((c) => c.column_name)), rows);
  const placeholders = Array.from({ length: old.count }, (_, i) => `$${i + 1}`).join(', ');
  for (const values of old.values)
    await client.query(`INSERT INTO "${name}" (${old.names}) VALUES (${placeholders})`, values);
}
