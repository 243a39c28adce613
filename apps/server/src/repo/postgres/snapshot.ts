/**
 * A read made of several queries sees one moment of the database: under READ COMMITTED each
 * statement would see the commits made since the one before (a rank counted against a board
 * that moved, a race without its results).
 */
export const SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;
