import { createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterEach, expect, test } from 'vitest';
import { isStorageUnavailable } from '../repo/unavailable.ts';
import { PG_POOL_OPTIONS } from './pg-open.ts';

/** A database host that takes connections and never says a word (a hung or cut-off machine). */
let silent: Server | undefined;
const held: Socket[] = [];
afterEach(async () => {
  for (const socket of held.splice(0)) socket.destroy();
  await new Promise((resolve) => silent?.close(resolve));
});

test('the server gives up on a connection to a silent database host, and reads it as storage out of reach', async () => {
  expect(PG_POOL_OPTIONS.connectionTimeoutMillis).toBe(3000);
  silent = createServer((socket) => held.push(socket));
  await new Promise<void>((resolve) => silent!.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as { port: number };
  // The server's own options, with a shorter wait so that the test does not sit through 3 s.
  const pool = new pg.Pool({
    connectionString: `postgres://scorpion@127.0.0.1:${port}/scorpion`,
    ...PG_POOL_OPTIONS,
    connectionTimeoutMillis: 200,
  });
  try {
    const failed = await pool.query('SELECT 1').catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    expect(isStorageUnavailable(failed)).toBe(true);
  } finally {
    await pool.end();
  }
});
