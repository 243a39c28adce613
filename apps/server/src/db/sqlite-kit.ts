import { integer, real, text } from 'drizzle-orm/sqlite-core';
import type { BuildersOf, Kit } from './kit.ts';

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
