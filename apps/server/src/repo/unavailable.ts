/**
 * Seconds a client waits before sending again an action refused because storage was out of
 * reach (`unavailable`): short, so that play resumes within a second or two of the database's
 * return, and long enough that a page does not hammer a process that cannot store anything.
 */
export const RETRY_AFTER_S = 1;

/** PostgreSQL's SQLSTATEs of a server that is gone, going or not yet back (class 08, 57P01–57P03). */
const PG_GONE = /^(08...|57P0[1-3])$/;
/** Node's socket errors of a database that cannot be reached. */
const NET_GONE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
/**
 * node-postgres's own words when its connection dies, was closed under a query, or cannot be
 * made (it gives them no code).
 */
const PG_CLIENT_GONE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;
/** SQLite's codes for a disk that cannot take a write now: read-only, full, failing, or locked. */
const SQLITE_GONE = /^SQLITE_(READONLY|FULL|IOERR|CANTOPEN|BUSY|PROTOCOL)/;

/**
 * An action that cannot be taken just now, through no fault of the request, and may be sent
 * again as it was: nothing of it was stored (a room's lease being claimed again after an
 * outage, say). Answered as storage out of reach is.
 */
export class RetryLater extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'RetryLater';
  }
}

/**
 * Whether `error` says the storage is out of reach for now (PostgreSQL down or restarting, the
 * SQLite file read-only or its disk full), not that the request or the server is at fault: the
 * action changed nothing and may be sent again as it was. drizzle wraps the driver's error, so
 * the code may sit on a cause.
 */
export function isStorageUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e instanceof RetryLater) return true;
    const code = 'code' in e && typeof e.code === 'string' ? e.code : '';
    if (PG_GONE.test(code) || NET_GONE.has(code) || SQLITE_GONE.test(code)) return true;
    if (PG_CLIENT_GONE.test(e.message)) return true;
  }
  return false;
}
