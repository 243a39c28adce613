import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  doublePrecision,
  type ExtraConfigColumn,
  index,
  integer,
  json,
  type PgTableExtraConfigValue,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { BuildersOf, IndexKit, Kit } from './kit.ts';

/*
 * PostgreSQL's builders (`kit.ts`). Millisecond timestamps, durations and sort keys pass 2^31, so
 * they are `bigint`, read as JavaScript numbers (every one stays below 2^53). Decks, options and
 * lines are `json`, not `jsonb`: nothing queries inside them, and `json` keeps the text as written
 * (jsonb would reorder an object's keys).
 */
const ms = (name: string) => bigint(name, { mode: 'number' });

/**
 * Player ids compared byte by byte (`COLLATE "C"`), as SQLite and Redis compare them: boards'
 * ties break on the player id, and their order must not depend on the database's locale, or the
 * two stores would rank differently, and SQL ranks and the Redis copy of the daily board (members
 * of equal score in byte order) would disagree. Ids are base64url: mixed case, `-` and `_`.
 */
const bytewiseText = customType<{ data: string; driverData: string }>({ dataType: () => 'text COLLATE "C"' });

const builders = {
  text: (name: string) => text(name),
  playerId: (name: string) => bytewiseText(name),
  int: (name: string) => integer(name),
  ms,
  bool: (name: string) => boolean(name),
  json: (name: string) => json(name),
  real: (name: string) => doublePrecision(name),
  intDefault: (name: string, value: number) => integer(name).notNull().default(value),
  msDefault: (name: string, value: number) => ms(name).notNull().default(value),
  boolDefault: (name: string, value: boolean) => boolean(name).notNull().default(value),
};

export const pgKit: Kit<BuildersOf<typeof builders>> = builders;

export type PgIndexKit = IndexKit<
  AnyPgColumn & ExtraConfigColumn,
  Partial<ExtraConfigColumn> | SQL,
  PgTableExtraConfigValue
>;

export const pgIndexKit: PgIndexKit = {
  index,
  uniqueIndex,
  primaryKey: (config) => primaryKey(config),
  desc: (column) => column.desc(),
  hold: (...columns) => sql.raw(columns.join(' AND ')),
};
