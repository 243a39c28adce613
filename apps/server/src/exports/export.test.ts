import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { storeResult } from '../repo/contract/fixtures.ts';
import { sqliteRepos } from '../repo/sqlite/index.ts';
import type { Repos } from '../repo/types.ts';
import { WINNING } from '../test/deals.ts';
import { HIDDEN, MONTH, NOW, SHOWN, seedMonth } from '../test/export-month.ts';
import { buildExport } from './build.ts';
import { exportPath, readExport } from './files.ts';
import { ExportedGame } from './format.ts';
import { publicGate } from './public-gate.ts';
import { monthLines } from './records.ts';

const root = join(import.meta.dirname, '../../../..');
const opened: { repos: Repos; dir: string; closed: boolean }[] = [];
afterEach(async () => {
  for (const { repos, dir, closed } of opened.splice(0)) {
    if (!closed) await repos.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

async function store() {
  const dir = mkdtempSync(join(tmpdir(), 'scorpion-export-'));
  const databasePath = join(dir, 'scorpion.db');
  const repos = sqliteRepos(databasePath);
  const entry = { repos, dir, closed: false };
  opened.push(entry);
  /** Lets the database go, for a command run beside the test to open it. */
  const close = async () => {
    entry.closed = true;
    await repos.close();
  };
  return { repos, dir, databasePath, exportsDir: join(dir, 'exports'), close };
}

/** The file's lines, each checked against the strict format: a field not in it fails here. */
function linesOf(file: string): { raw: string; games: ExportedGame[] } {
  const raw = gunzipSync(readFileSync(file)).toString('utf8');
  return {
    raw,
    games: raw
      .trim()
      .split('\n')
      .map((line) => ExportedGame.parse(JSON.parse(line))),
  };
}

/** A TypeScript entry run as `pnpm` runs it: a new node with the TypeScript loader, `input` on its stdin. */
function run(
  entry: string,
  args: string[],
  options: { input?: string; env?: NodeJS.ProcessEnv },
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', entry, ...args], {
    cwd: root,
    env: { ...process.env, ...options.env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    stdout += text;
  });
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
  });
  child.stdin.end(options.input ?? '');
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
}

// Two tests start real commands (a new node compiling TypeScript each): seconds each on a busy machine.
describe('the monthly open-data export', { timeout: 120_000 }, () => {
  it('holds the public games of the month, nothing private, and hidden players under a label', async () => {
    const { repos, exportsDir } = await store();
    const ids = await seedMonth(repos);
    const built = await buildExport({ repos, isPublic: publicGate(repos, () => NOW) }, exportsDir, MONTH, NOW);
    expect(built).toMatchObject({ ok: true, withheld: 2, info: { month: MONTH, games: 5 } });
    const { raw, games } = linesOf(exportPath(exportsDir, MONTH));
    expect(games.map((g) => g.kind)).toStrictEqual(['practice', 'practice', 'practice', 'practice', 'daily']);

    // Nothing private: no hidden player's nickname or id, no cookie token, device or seed.
    for (const secret of [...HIDDEN, 'bob', 'cat', 'token-', 'seed', 'First device', 'address', 'device', 'passkey']) {
      expect(raw).not.toContain(secret);
    }
    // A still-secret deal (a running race, an arena still on) is not in it, by id or by player.
    for (const id of ids.secret) expect(raw).not.toContain(id);
    expect(games.filter((g) => g.kind === 'race' || g.kind === 'arena')).toStrictEqual([]);

    const [won, undone, catFirst, catAgain, daily] = games;
    expect(won).toMatchObject({ player: SHOWN, game: ids.exported[0], status: 'won', moves: WINNING.moves });
    // The moves that stand: two played, one taken back.
    expect(undone).toMatchObject({ player: 'anonymous-1', game: null, undos: 1, moves: [WINNING.moves[0]] });
    expect([catFirst!.player, catAgain!.player]).toStrictEqual(['anonymous-2', 'anonymous-2']);
    expect(daily).toMatchObject({
      player: SHOWN,
      ranked: true,
      daily: { date: '2026-03-31', day: expect.any(Number), rank: 1, played: 1 },
    });
    expect(await readExport(exportsDir, MONTH)).toStrictEqual(built.ok && built.info);
  });

  it('round trip: `scorpion replay` reads every line of the file back', async () => {
    const { repos, exportsDir } = await store();
    await seedMonth(repos);
    await buildExport({ repos, isPublic: publicGate(repos, () => NOW) }, exportsDir, MONTH, NOW);
    const text = gunzipSync(readFileSync(exportPath(exportsDir, MONTH))).toString('utf8');
    const replayed = await run(join(root, 'packages/cli/src/main.ts'), ['replay'], { input: text });
    expect(replayed.stderr).toBe('');
    expect(replayed.status).toBe(0);
    const results = replayed.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(results).toHaveLength(5);
    expect(results.every((r) => r.ok === true)).toBe(true);
    expect(results[0]).toMatchObject({ status: 'won', moves: WINNING.moves.length });
  });

  it("today's daily is not in the lines while its day lasts", async () => {
    const { repos } = await store();
    await repos.players.create({ id: 'ann', nickname: SHOWN, nicknameKey: 'annabel', tokenHash: 't', at: 0 });
    await storeResult(repos, { playerId: 'ann', date: '2026-04-02', timeMs: 5_000, finishedAt: NOW - 60_000 });
    const read = async (now: number) => {
      const withheld = { count: 0 };
      const lines: string[] = [];
      for await (const line of monthLines({ repos, isPublic: publicGate(repos, () => now) }, '2026-04', withheld)) {
        lines.push(line);
      }
      return { lines, withheld: withheld.count };
    };
    expect(await read(NOW)).toStrictEqual({ lines: [], withheld: 1 });
    // The next day, the same game is public.
    expect((await read(NOW + 86_400_000)).lines).toHaveLength(1);
  });

  it('`pnpm export-games` makes a closed month, and refuses an open one or a bad month', async () => {
    const { repos, databasePath, exportsDir, close } = await store();
    await seedMonth(repos);
    await close();
    // On the real clock: March 2026 is over, and so is the arena; the race still runs.
    const env = { DATABASE_URL: '', DATABASE_PATH: databasePath, EXPORTS_DIR: exportsDir };
    const entry = join(root, 'apps/server/src/exports/cli.ts');
    const made = await run(entry, [MONTH], { env });
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    expect(made.stdout).toMatch(/^2026-03: 6 games, .* MB, sha256 [0-9a-f]{64}; 1 left out/);
    expect(linesOf(exportPath(exportsDir, MONTH)).games.map((g) => g.kind)).toContain('arena');
    const open = await run(entry, ['2999-01'], { env });
    expect([open.status, open.stderr.split('\n')[0]]).toStrictEqual([2, '2999-01 has not closed yet']);
    const bad = await run(entry, ['2026-3'], { env });
    expect([bad.status, bad.stderr.split('\n')[0]]).toStrictEqual([2, '2026-3 is not a month (YYYY-MM)']);
  });
});
