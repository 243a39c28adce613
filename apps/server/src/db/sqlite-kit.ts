import { sql } from 'drizzle-orm';
import {
  type AnySQLiteColumn,
  type IndexColumn,
  index,
  integer,
  primaryKey,
  real,
  type SQLiteTableExtraConfigValue,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import type { BuildersOf, IndexKit, Kit } from './kit.ts';

/** SQLite's builders (`kit.ts`): integers hold milliseconds and booleans, text holds JSON. */
const builders = {
  text: (name: string) => text(name),
  playerId: (name: string) => text(name),
  int: (name: string) => integer(name),
  ms: (name: string) => integer(name),
  bool: (name: string) => integer(name, { mode: 'boolean' }),
  json: (name: string) => text(name, { mode: 'json' }),
  real: (name: string) => real(name),
  intDefault: (name: string, value: number) => integer(name).notNull().default(value),
  msDefault: (name: string, value: number) => integer(name).notNull().default(value),
  boolDefault: (name: string, value: boolean) => integer(name, { mode: 'boolean' }).notNull().default(value),
};

export const sqliteKit: Kit<BuildersOf<typeof builders>> = builders;

export type SqliteIndexKit = IndexKit<AnySQLiteColumn, IndexColumn, SQLiteTableExtraConfigValue>;

export const sqliteIndexKit: SqliteIndexKit = {
  index,
  uniqueIndex,
  primaryKey: (config) => primaryKey(config),
  desc: (column) => sql`${column} desc`,
  hold: (...columns) => sql.raw(columns.map((column) => `${column} = 1`).join(' AND ')),
};
