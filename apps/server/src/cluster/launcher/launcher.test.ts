import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import WebSocket from 'ws';
import { REPO_ROOT } from '../../config.ts';
import { signUp, TestClient } from '../../test/client.ts';
import { playOn } from '../../test/play.ts';
import type { NodeEntry } from './cluster.ts';
import { freePort } from './engines/ports.ts';

/*
 * `pnpm cluster` as an operator runs it: the build (`build.global.ts`), the launcher as its own process, real
 * PostgreSQL, Redis, HAProxy and three server processes; every request goes through HAProxy.
 * Nothing here waits on the wall clock for a verdict: each step waits for the event it needs
 * (a line in the launcher's output, a file changing) and fails only at the hook's timeout.
 */

let dir: string;
let port: number;
let launcher: ChildProcess;
let launcherExit: Promise<number | null>;
let output = '';

/** Resolves once the launcher has written a line matching `pattern` (after `from` characters). */
async function line(pattern: RegExp, from = 0): Promise<string> {
  for (;;) {
    const match = pattern.exec(output.slice(from));
    if (match) return match[0];
    if (launcher.exitCode !== null) throw new Error(`the launcher exited:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function nodes(): NodeEntry[] {
  return JSON.parse(readFileSync(join(dir, 'nodes.json'), 'utf8'));
}

/** Running: there, and not a zombie (an exited process nobody has reaped yet). */
function alive(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0] !== 'Z';
  } catch {
    return false;
  }
}

/** The node that answered a socket upgrade through HAProxy at `/ws?query`. */
function upgradeLandsOn(query: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?${query}`);
    socket.once('upgrade', (response) => {
      resolve(String(response.headers['x-scorpion-node']));
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

async function health(path: string): Promise<{ status: number; node: string }> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  const body = (await response.json()) as { node: string };
  return { status: response.status, node: body.node };
}

/** Every pid the launcher started: its children (servers, Redis, HAProxy) and PostgreSQL's postmaster. */
function startedPids(): number[] {
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1] === String(launcher.pid);
      } catch {
        return false;
      }
    })
    .map(Number);
  const postmaster = Number(readFileSync(join(dir, 'postgres/data/postmaster.pid'), 'utf8').split('\n')[0]);
  return [...children, postmaster];
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'scorpion-cluster-'));
  // As data/cluster is: PostgreSQL runs as `nobody` under root, and must reach its directory inside.
  chmodSync(dir, 0o755);
  port = await freePort();
  launcher = spawn(process.execPath, ['apps/server/dist/cluster/launcher/launcher.js'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      CLUSTER_DIR: dir,
      CLUSTER_NODES: '3',
      CERTIFY: 'none',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  launcherExit = new Promise((resolve) => launcher.once('exit', resolve));
  launcher.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  launcher.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  await line(/\[cluster\] serving on/);
});

afterAll(async () => {
  if (launcher?.exitCode === null) {
    launcher.kill('SIGTERM');
    await launcherExit;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('/api/health and /readyz answer through HAProxy; nodes.json lists the three servers with live pids', async () => {
  const listed = nodes();
  expect(listed.map((n) => n.id)).toEqual(['node-1', 'node-2', 'node-3']);
  for (const n of listed) expect(alive(n.pid!)).toBe(true);
  expect(new Set(listed.map((n) => n.port)).size).toBe(3);
  const answered = new Set<string>();
  for (let i = 0; i < 9; i++) {
    const api = await health('/api/health');
    const ready = await health('/readyz');
    expect([api.status, ready.status]).toEqual([200, 200]);
    answered.add(api.node).add(ready.node);
  }
  // Least connections with none open goes round the servers.
  expect([...answered].sort()).toEqual(['node-1', 'node-2', 'node-3']);
});

test('a socket with ?node=ID lands on that server; with ?room=CODE on the same one every time', async () => {
  for (const id of ['node-1', 'node-2', 'node-3']) {
    expect(await upgradeLandsOn(`node=${id}`)).toBe(id);
    expect(await upgradeLandsOn(`room=ABCD&node=${id}`)).toBe(id);
  }
  for (const room of ['ABCD', 'QXZW', 'HJKL', 'MNPR']) {
    const first = await upgradeLandsOn(`room=${room}`);
    for (let i = 0; i < 5; i++) expect(await upgradeLandsOn(`room=${room}`)).toBe(first);
  }
});

test('every server stores in the one PostgreSQL: a player signed up on node-1 is known to node-2, a move acknowledged through HAProxy is in it', async () => {
  const [one, two] = nodes();
  const alice = await signUp(`http://127.0.0.1:${one!.port}`, 'Cluster Alice');
  const me = await fetch(`http://127.0.0.1:${two!.port}/api/me`, { headers: { cookie: alice.cookie } });
  expect(await me.json()).toEqual({ player: { id: alice.id, nickname: 'Cluster Alice' } });

  const client = await TestClient.connect(`ws://127.0.0.1:${port}/ws`, alice.cookie);
  client.send({ type: 'practice-start', variant: 'scorpion', options: { foundations: false, open: false } });
  const game = await playOn(client, (await client.next('game')).game, 3);
  client.socket.close();
  const url = (await line(/PostgreSQL ready: (\S+)/)).split(': ')[1]!;
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const stored = await db.query<{ seq: number }>('SELECT seq FROM actions WHERE game_id = $1 ORDER BY seq', [
      game.gameId,
    ]);
    // Every acknowledged action, numbered from 0: the snapshot's seq is how many there are.
    expect(game.seq).toBe(3);
    expect(stored.rows.map((r) => r.seq)).toEqual([0, 1, 2]);
  } finally {
    await db.end();
  }
});

test('a server killed with SIGKILL leaves HAProxy, requests keep succeeding, and it is started again', async () => {
  const victim = nodes().find((n) => n.id === 'node-2')!;
  const from = output.length;
  process.kill(victim.pid!, 'SIGKILL');
  const statuses: (number | string)[] = [];
  const requests = (async () => {
    while (!/Server nodes\/node-2 is UP/.test(output.slice(from))) {
      // A refused or cut request counts as a failure (its cause), not as an error that stops the loop.
      statuses.push(
        await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.status,
          (e: Error) => String(e.cause ?? e),
        ),
      );
    }
  })();
  await line(/Server nodes\/node-2 is DOWN/, from);
  await line(/node-2 \(pid \d+\) exited \(SIGKILL\); restarting/, from);
  await line(/Server nodes\/node-2 is UP/, from);
  await requests;
  expect(statuses.length).toBeGreaterThan(0);
  expect(statuses.filter((s) => s !== 200)).toEqual([]);
  const again = nodes().find((n) => n.id === 'node-2')!;
  expect(again.port).toBe(victim.port);
  expect(again.pid).not.toBe(victim.pid);
  expect(alive(again.pid!)).toBe(true);
  expect(await upgradeLandsOn('node=node-2')).toBe('node-2');
});

test('SIGTERM stops every process the launcher started and removes nodes.json', async () => {
  const pids = startedPids();
  expect(pids.length).toBe(3 + 3); // three servers, Redis, HAProxy; PostgreSQL
  for (const pid of pids) expect(alive(pid)).toBe(true);
  launcher.kill('SIGTERM');
  expect(await launcherExit).toBe(0);
  expect(output).toContain('[cluster] stopped');
  expect(pids.filter(alive)).toEqual([]);
  expect(existsSync(join(dir, 'nodes.json'))).toBe(false);
});
