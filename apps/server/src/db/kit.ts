import type { ColumnBuilder, SQL } from 'drizzle-orm';

/*
 * The column builders on which SQLite and PostgreSQL differ, by what a column holds, so that each
 * table's columns are written once (`tables/`) and built by both schemas: `schema.ts` with
 * `sqliteKit`, `pg-schema.ts` with `pgKit`. A table's columns are a function of a kit, generic in
 * the kit's builder types, so each schema gets its own dialect's builders and `$inferSelect` stays
 * exactly what writing them out would give (`.notNull()`, `.$type<T>()` keep `this`). Defaults
 * are given by the kit, not chained: a value cannot be checked against a builder type not yet known.
 * Indexes likewise (`IndexKit`): the same names, columns and conditions, each dialect's builders.
 */

// biome-ignore lint/suspicious/noExplicitAny: any builder of any dialect; `unknown` here would become the column's data type.
type AnyBuilder = ColumnBuilder<any, any, any>;

/** What each kind of column is built as, in one dialect. */
export interface Builders {
  text: AnyBuilder;
  /** A player id, compared byte by byte (boards' ties break on it). */
  playerId: AnyBuilder;
  /** A small whole number: counts, move numbers. */
  int: AnyBuilder;
  /** Milliseconds, timestamps and durations, and sort keys: past 2^31. */
  ms: AnyBuilder;
  bool: AnyBuilder;
  /** JSON of the TypeScript type given by `.$type<T>()`. */
  json: AnyBuilder;
  real: AnyBuilder;
  intDefault: AnyBuilder;
  msDefault: AnyBuilder;
  boolDefault: AnyBuilder;
}

/** The builders of one dialect, by kind; `*Default` columns are not null with that default. */
export interface Kit<B extends Builders> {
  text(name: string): B['text'];
  playerId(name: string): B['playerId'];
  int(name: string): B['int'];
  ms(name: string): B['ms'];
  bool(name: string): B['bool'];
  json(name: string): B['json'];
  real(name: string): B['real'];
  intDefault(name: string, value: number): B['intDefault'];
  msDefault(name: string, value: number): B['msDefault'];
  boolDefault(name: string, value: boolean): B['boolDefault'];
}

/** The builder types of a kit written as an object of functions. */
export type BuildersOf<K extends { [C in keyof Builders]: (...args: never[]) => AnyBuilder }> = {
  [C in keyof Builders]: ReturnType<K[C]>;
};

/**
 * `.notNull()` of a column typed by `.$type<T>()`. Chained on a builder type not yet known, a
 * method's `this` is that type without what the call before added, so `.$type<T>().notNull()`
 * would lose `T`; as an argument here, the column keeps both.
 */
export const required = <C extends AnyBuilder>(column: C) => column.notNull();

/** An index being built: its columns (`I`), then, for a partial index, its condition. */
interface IndexOn<I, X> {
  on(...columns: [I, ...I[]]): X & { where(condition: SQL): X };
}

/**
 * The index builders of one dialect, so that each table's indexes are written once too: `C` is a
 * column as an index callback sees it, `I` what an index is on, `X` what the callback returns.
 */
export interface IndexKit<C extends I, I, X> {
  index(name: string): IndexOn<I, X>;
  uniqueIndex(name: string): IndexOn<I, X>;
  primaryKey(config: { columns: [C, ...C[]] }): X;
  /** A column in descending order. */
  desc(column: C): I;
  /** A partial index's condition that boolean columns hold: SQLite stores them as 1, PostgreSQL as booleans. */
  hold(...columns: [string, ...string[]]): SQL;
}

/** A table's columns as its index callback sees them, from its column set (`C`: the kit's column). */
export type IndexColumns<F extends (kit: never) => object, C> = { readonly [K in keyof ReturnType<F>]: C };
