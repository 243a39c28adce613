import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../../..');
const MAIN = join(root, 'packages/cli/src/main.ts');
// Node itself, with tsx as a loader: one process, so a SIGKILL hits the study and not a wrapper.
const NODE_ARGS = ['--import', 'tsx', '--conditions=source', MAIN];
// Enough deals that the study is still running when it is killed after its sixth.
const DEALS = 200;
// A node limit and no time limit: each verdict is the same whatever the machine is doing.
const studyArgs = (dir: string) => [
  'study',
  '--variant',
  'scorpion',
  '--deals',
  String(DEALS),
  '--workers',
  '1',
  '--limit-nodes',
  '20000',
  '--limit-ms',
  '600000',
  '--dir',
  dir,
];
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'study-cli-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function study(dir: string) {
  return spawnSync(process.execPath, [...NODE_ARGS, ...studyArgs(dir)], { cwd: root, encoding: 'utf8' });
}

const lines = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8').split('\n').length - 1 : 0);

/** Resolves once the child's study file holds `count` lines (the child writes it; we only look). */
function whenLines(child: ChildProcess, path: string, count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    child.once('exit', () => reject(new Error('the study ended before it was killed')));
    const look = () => (lines(path) >= count ? resolve() : setTimeout(look, 20));
    look();
  });
}

/** The table without its two time columns, which differ from run to run. */
const verdictsOf = (table: string) =>
  table
    .trim()
    .split('\n')
    .map((row) => row.split('|').slice(1, -3).join('|'));

describe('scorpion study', () => {
  it('resumes after a SIGKILL and ends with the table of a run never killed', async () => {
    const killed = tempDir();
    const path = join(killed, 'scorpion.jsonl');
    const child = spawn(process.execPath, [...NODE_ARGS, ...studyArgs(killed)], { cwd: root, stdio: 'ignore' });
    await whenLines(child, path, 6);
    const exited = new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const before = lines(path);
    expect(before).toBeLessThan(DEALS);

    const resumed = study(killed);
    expect(resumed.status).toBe(0);
    // Deals already in the file were not solved again: each deal has one line.
    const indices = readFileSync(path, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).index);
    expect(indices.toSorted((a, b) => a - b)).toEqual(Array.from({ length: DEALS }, (_, i) => i));

    const fresh = study(tempDir());
    expect(fresh.status).toBe(0);
    expect(verdictsOf(resumed.stdout)).toEqual(verdictsOf(fresh.stdout));
    expect(resumed.stdout).toMatch(/^\| scorpion \| 200 \|/m);
  }, 120_000);

  it('refuses bad flags with a usage error and writes nothing', () => {
    const dir = tempDir();
    const run = (extra: string[]) =>
      spawnSync(process.execPath, [...NODE_ARGS, 'study', '--dir', dir, ...extra], { cwd: root, encoding: 'utf8' });
    expect(run([]).stderr).toContain('--deals is required');
    expect(run(['--deals', '0']).stderr).toContain('--deals takes a whole number of at least 1');
    expect(run(['--deals', '5', '--variant', 'spider']).stderr).toContain('unknown variant spider');
    expect(run(['--deals', '5', '--workers', '1.5']).status).toBe(2);
    expect(existsSync(join(dir, 'scorpion.jsonl'))).toBe(false);
  }, 60_000);
});
