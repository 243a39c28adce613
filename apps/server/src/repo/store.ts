import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/open.ts';
import type * as pgSchema from '../db/pg-schema.ts';
import type * as sqliteSchema from '../db/schema.ts';

/*
 * What the queries both stores share run on. Drizzle builds the same query with the same calls in
 * either dialect, and its builders are awaitable in both (SQLite's run synchronously inside the
 * promise), so one function can read and write either store. TypeScript cannot call a method on a
 * union of the two dialects' builders, so the shared queries are typed against SQLite's, and
 * PostgreSQL's database and tables are handed to them as those types. That is sound because both
 * schemas read every table into the same row type, which `RowsAgree` below checks at compile
 * time, and because the shared code only awaits its builders (never SQLite's synchronous
 * `.get()`/`.all()`/`.run()`), which the contract tests run on both stores. What the engines do
 * differently is a hook here (each engine's `store.ts` answers them), or stays in `sqlite/` and `postgres/`.
 */

export type Tables = typeof sqliteSchema;

export interface Store {
  readonly db: Db;
  readonly t: Tables;
  /** The rows of a query written in SQL both engines read alike. */
  rows<T>(query: SQL): Promise<T[]>;
  /**
   * Several reads that should see one moment of the database. PostgreSQL: one read-only snapshot
   * (under READ COMMITTED each statement would see the commits made since the one before).
   * SQLite: this process is the file's only writer and each read runs synchronously when awaited,
   * so they are run as given.
   */
  snapshot<T>(read: (db: Db) => Promise<T>): Promise<T>;
  /** A text column compared byte by byte, as JavaScript and Redis compare ids, whatever the database's collation. */
  bytewise(column: SQL.Aliased | { getSQL(): SQL }): SQL;
  /** Whether a write was refused for a unique index. */
  isUniqueViolation(error: unknown): boolean;
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
