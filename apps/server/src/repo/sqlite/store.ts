import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import * as schema from '../../db/schema.ts';
import type { Store } from '../store.ts';

/** The shared queries' store on SQLite. */
export function sqliteStore(db: Db): Store {
  return {
    db,
    t: schema,
    rows: async <T>(query: SQL) => db.all<T>(query),
    snapshot: (read) => read(db),
    // SQLite's default collation (BINARY) is byte order already.
    bytewise: (column) => column.getSQL(),
    isUniqueViolation: (error) =>
      error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_UNIQUE',
  };
}
