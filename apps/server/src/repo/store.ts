import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/open.ts';
import type { PgDb } from '../db/pg-open.ts';
import * as pgSchema from '../db/pg-schema.ts';
import * as sqliteSchema from '../db/schema.ts';
import { isUniqueViolation } from './postgres/errors.ts';
import { SNAPSHOT } from './postgres/snapshot.ts';

/*
 * What the queries both stores share run on. Drizzle builds the same query with the same calls in
 * either dialect, and its builders are awaitable in both (SQLite's run synchronously inside the
 * promise), so one function can read and write either store. TypeScript cannot call a method on a
 * union of the two dialects' builders, so the shared queries are typed against SQLite's, and
 * PostgreSQL's database and tables are handed to them as those types. That is sound because both
 * schemas read every table into the same row type, which `RowsAgree` below checks at compile
 * time, and because the shared code only awaits its builders (never SQLite's synchronous
 * `.get()`/`.all()`/`.run()`), which the contract tests run on both stores. What the engines do
 * differently is a hook here, or stays in `sqlite/` and `postgres/`.
 */

export type Tables = typeof sqliteSchema;

export interface Store {
  readonly db: Db;
  readonly t: Tables;
  /** The rows of a query written in SQL both engines read alike. */
  rows<T>(query: SQL): Promise<T[]>;
  /**
   * Several reads that must see one moment of the database. PostgreSQL: one read-only snapshot.
   * SQLite: this process is the only writer and each read runs at once, so they are run as given.
   */
  snapshot<T>(read: (db: Db) => Promise<T>): Promise<T>;
  /** A text column compared byte by byte, as JavaScript and Redis compare ids, whatever the database's collation. */
  bytewise(column: SQL.Aliased | { getSQL(): SQL }): SQL;
  /** Whether a write was refused for a unique index. */
  isUniqueViolation(error: unknown): boolean;
}

export function sqliteStore(db: Db): Store {
  return {
    db,
    t: sqliteSchema,
    rows: async <T>(query: SQL) => db.all<T>(query),
    snapshot: (read) => read(db),
    // SQLite's default collation (BINARY) is byte order already.
    bytewise: (column) => column.getSQL(),
    isUniqueViolation: (error) =>
      error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_UNIQUE',
  };
}

export function pgStore(pg: PgDb): Store {
  const db = pg as unknown as Db;
  return {
    db,
    t: pgSchema as unknown as Tables,
    rows: async <T>(query: SQL) => (await pg.execute(query)).rows as T[],
    snapshot: (read) => pg.transaction((tx) => read(tx as unknown as Db), SNAPSHOT),
    bytewise: (column) => sql`${column} COLLATE "C"`,
    isUniqueViolation: (error) => isUniqueViolation(error),
  };
}

/**
 * The two schemas read every shared table into the same row type (a compile-time check), but for
 * the columns only PostgreSQL has: a join order SQLite reads from its rowid.
 */
type PgOnly = 'joinOrder';
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type SameRows = {
  [K in keyof Tables]: Tables[K] extends { $inferSelect: infer S }
    ? (typeof pgSchema)[K] extends { $inferSelect: infer P }
      ? Equal<S, Omit<P, PgOnly>>
      : false
    : true;
};
type AllTrue<T extends { [K in keyof Tables]: true }> = T;
/** Fails to compile when a table's rows differ between the stores. */
export type RowsAgree = AllTrue<SameRows>;
