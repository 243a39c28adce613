import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { freePort } from './ports.ts';
import { PG_BIN, startPostgres } from './postgres.ts';
import { startRedis } from './redis.ts';

const run = promisify(execFile);

describe('the engines start for real and stop', () => {
  it('PostgreSQL: a fresh cluster answers SQL, and starts again on its data directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-'));
    const port = await freePort();
    const sql = (url: string) => run(`${PG_BIN}/psql`, [url, '-qtAc', 'SELECT current_database()']);
    const first = await startPostgres({ dir, port, durable: false });
    expect((await sql(first.url)).stdout.trim()).toBe('scorpion');
    await first.stop();
    await expect(sql(first.url)).rejects.toThrow();
    const again = await startPostgres({ dir, port, durable: false });
    expect((await sql(again.url)).stdout.trim()).toBe('scorpion');
    await again.stop();
  }, 60_000);

  it('Redis answers PING and stops', async () => {
    const redis = await startRedis({ dir: mkdtempSync(join(tmpdir(), 'redis-')), port: await freePort() });
    expect(redis.url).toMatch(/^redis:\/\/127\.0\.0\.1:\d+$/);
    await redis.stop();
    expect(redis.process.exitCode).not.toBeNull();
  }, 30_000);
});
