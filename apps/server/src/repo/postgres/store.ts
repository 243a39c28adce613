import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import type { PgDb } from '../../db/pg-open.ts';
import * as schema from '../../db/pg-schema.ts';
import type { Store, Tables } from '../store.ts';
import { isUniqueViolation } from './errors.ts';
import { SNAPSHOT } from './snapshot.ts';

/** The shared queries' store on PostgreSQL: its database and tables as the shared queries' types (`../store.ts`). */
export function pgStore(pg: PgDb): Store {
  const db = pg as unknown as Db;
  return {
    db,
    t: schema as unknown as Tables,
    rows: async <T>(query: SQL) => (await pg.execute(query)).rows as T[],
    snapshot: (read) => pg.transaction((tx) => read(tx as unknown as Db), SNAPSHOT),
    bytewise: (column) => sql`${column} COLLATE "C"`,
    isUniqueViolation: (error) => isUniqueViolation(error),
  };
}
