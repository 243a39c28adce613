/**
 * Every write transaction takes the write lock at BEGIN (BEGIN IMMEDIATE; better-sqlite3's
 * `transaction(fn).immediate()`, drizzle's `{ behavior: 'immediate' }`). A deferred one that
 * reads first and upgrades later fails with SQLITE_BUSY at the upgrade, which busy_timeout does
 * not retry, whenever another connection wrote in between; an immediate one waits its turn.
 */
export const IMMEDIATE = { behavior: 'immediate' } as const;
