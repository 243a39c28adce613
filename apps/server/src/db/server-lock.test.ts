import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { type ChildServer, spawnServer } from '../test/child.ts';
import { childServers } from '../test/child-servers.ts';
import { DatabaseInUse, lockDatabase } from './server-lock.ts';

const dir = mkdtempSync(join(tmpdir(), 'scorpion-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// Each real-process test on a file of its own, so one that fails leaves the next its own start.
const sharing = childServers('one-server', { CERTIFY: 'none' });
const restarting = childServers('killed-server', { CERTIFY: 'none' });
/** A start or two of a real server: seconds alone, more while the whole suite loads the machine. */
const SPAWNING_MS = 60_000;

/** Why a server process did not start: its exit status and what it wrote (spawnNode's rejection). */
async function refusal(start: Promise<ChildServer>): Promise<string> {
  return start.then(
    (server) => {
      server.process.kill('SIGKILL');
      return 'it started';
    },
    (error: Error) => error.message,
  );
}

const holderOf = (path: string, pid: number) => `${path} is in use by server process ${pid} on ${hostname()}`;

test('a second lock on the file is refused, naming the file and the holder; released, it is free again', () => {
  const path = join(dir, 'in-process.db');
  const held = lockDatabase(path);
  expect(() => lockDatabase(path)).toThrow(DatabaseInUse);
  expect(() => lockDatabase(path)).toThrow(holderOf(path, process.pid));
  held.release();
  lockDatabase(path).release();
});

test('a server refused the file opens nothing: the database is never created', { timeout: SPAWNING_MS }, async () => {
  const path = join(dir, 'never-opened.db');
  const held = lockDatabase(path);
  try {
    const refused = await refusal(spawnServer({ DATABASE_PATH: path, CERTIFY: 'none' }));
    expect(refused).toContain(`server exited with 1 before listening:\n\nscorpion: ${holderOf(path, process.pid)}`);
    expect(existsSync(path)).toBe(false);
  } finally {
    held.release();
  }
});

test('a second server on the file a live server holds refuses before building anything; the first serves on', {
  timeout: SPAWNING_MS,
}, async () => {
  const first = await sharing.start();
  const refused = await refusal(sharing.start());
  // Nothing on stdout: it built no app, so it logged nothing, credited no downtime, opened no port.
  expect(refused).toContain(
    `server exited with 1 before listening:\n\nscorpion: ${holderOf(sharing.databasePath, first.process.pid!)}`,
  );
  expect(refused).toContain('Stop that server first, or give this one its own DATABASE_PATH.');
  expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
  first.process.kill('SIGTERM');
  expect(await first.exited).toBe(0);
});

test('a server killed with SIGKILL leaves nothing that blocks the next start', { timeout: SPAWNING_MS }, async () => {
  const killed = await restarting.start();
  killed.process.kill('SIGKILL');
  await killed.exited;
  const next = await restarting.start();
  expect((await fetch(`${next.url}/readyz`)).status).toBe(200);
});
