import { expect, test } from 'vitest';
import { isStorageUnavailable, RetryLater } from './unavailable.ts';

/** An error as node-postgres or a socket makes one: a message, and a code when it has one. */
const failure = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

test('PostgreSQL gone, going or unreachable is storage out of reach, however the driver words it', () => {
  for (const error of [
    failure('terminating connection due to administrator command', '57P01'),
    failure('the database system is shutting down', '57P03'),
    failure('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
    failure('Connection terminated unexpectedly'),
    failure('timeout exceeded when trying to connect'),
    failure('Client has encountered a connection error and is not queryable'),
    failure('Client was closed and is not queryable'),
    new RetryLater('room R is being claimed again'),
  ]) {
    expect(isStorageUnavailable(error), error.message).toBe(true);
    // drizzle wraps the driver's error: the cause is read too.
    expect(isStorageUnavailable(new Error('Failed query: insert …', { cause: error })), error.message).toBe(true);
  }
});

test('a fault of the request or of the server is not storage out of reach: it is not one to send again', () => {
  for (const error of [
    failure('duplicate key value violates unique constraint', '23505'),
    failure('syntax error at or near "SELEC"', '42601'),
    failure('broken', 'SQLITE_CONSTRAINT_TRIGGER'),
    new TypeError("Cannot read properties of undefined (reading 'seq')"),
  ]) {
    expect(isStorageUnavailable(error), error.message).toBe(false);
  }
  expect(isStorageUnavailable('not an error')).toBe(false);
});
