import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEAL_FLAGS } from './commands/deal.ts';
import { PUZZLES_MINE_FLAGS, PUZZLES_PACK_FLAGS } from './commands/puzzles.ts';
import { REPLAY_FLAGS } from './commands/replay.ts';
import { SHOW_FLAGS } from './commands/show.ts';
import { SOLVE_FLAGS } from './commands/solve.ts';
import { STUDY_FLAGS } from './commands/study.ts';
import { WIN_RATES_FLAGS } from './commands/win-rates.ts';

/* The real command, as `pnpm --silent scorpion …` runs it, fed on stdin. */
const root = join(import.meta.dirname, '../../..');
const fixtures = join(root, 'packages/rules/test/fixtures/conformance');

function scorpion(args: string[], input = '') {
  const run = spawnSync(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', join(import.meta.dirname, 'main.ts'), ...args],
    {
      input,
      encoding: 'utf8',
      cwd: root,
    },
  );
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/*
 * Every test starts the real command in a new node (with its TypeScript loader) up to four
 * times: about a second each alone, several while the whole suite loads a small machine.
 */
const SPAWNING_MS = 60_000;

describe('scorpion replay', { timeout: SPAWNING_MS }, () => {
  const lines = ['scorpion.jsonl', 'three-blind-mice-foundations.jsonl', 'double-scorpion.jsonl'].flatMap((file) =>
    readFileSync(join(fixtures, file), 'utf8').split('\n').filter(Boolean).slice(0, 2),
  );
  const cases = lines.map((line) => JSON.parse(line));

  it('--trace prints exactly the conformance trace, one line per record', () => {
    const input = cases.map((c) => JSON.stringify(c.record)).join('\n');
    const out = scorpion(['replay', '--trace'], input);
    expect(out.status).toBe(0);
    const printed = out.stdout.trim().split('\n');
    expect(printed).toEqual(cases.map((c) => JSON.stringify(c.expected)));
  });

  it('summarises each record, and reports bad lines without stopping', () => {
    const winning = readFileSync(join(fixtures, 'winning-lines.jsonl'), 'utf8').split('\n')[0]!;
    const record = JSON.parse(winning).record;
    const won = { ...record, moves: record.moves.slice(0, -1) };
    const input = [
      JSON.stringify(won),
      '{not json',
      JSON.stringify({ ...record, variant: 'spider' }),
      JSON.stringify({ ...record, deck: record.deck.slice(1) }),
      JSON.stringify({ ...record, moves: [{ kind: 'move', from: 99, row: 0, to: 1 }] }),
    ].join('\n');
    const out = scorpion(['replay'], input);
    expect(out.status).toBe(1);
    const [first, ...rest] = out.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(first).toMatchObject({ ok: true });
    expect(rest).toEqual([
      { error: 'not valid JSON' },
      { error: 'unknown variant: "spider"' },
      { error: 'deck must hold 104 cards, not 103' },
      { ok: false, illegalAt: 0, reason: 'no-such-column', error: 'move 1 of 1 is illegal: There is no such column.' },
    ]);
  });

  it('fails, status 1, on a record whose only fault is an illegal move, and names the move and why', () => {
    const winning = readFileSync(join(fixtures, 'winning-lines.jsonl'), 'utf8').split('\n')[0]!;
    const won = JSON.parse(winning).record;
    // One move more after the win: illegal, the game is over.
    const record = { ...won, moves: [...won.moves, { kind: 'deal' }] };
    const out = scorpion(['replay'], JSON.stringify(record));
    const count = record.moves.length;
    expect({ status: out.status, line: JSON.parse(out.stdout) }).toEqual({
      status: 1,
      line: {
        ok: false,
        illegalAt: count - 1,
        reason: 'game-over',
        error: `move ${count} of ${count} is illegal: The game is over.`,
      },
    });
  });

  it('stops quietly, status 0, when the reader of its output goes away (| head)', async () => {
    const record = cases[0].record;
    // Far more than a pipe holds, so the command is still writing when the reader leaves.
    const input = `${Array.from({ length: 2000 }, () => JSON.stringify(record)).join('\n')}\n`;
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', join(import.meta.dirname, 'main.ts'), 'replay', '--trace'],
      { cwd: root },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.stdout.once('data', () => child.stdout.destroy());
    // The command stops reading once its reader has gone: the rest of this input may meet a
    // closed pipe, as `cat big | scorpion … | head` would. That is this side's EPIPE, expected.
    child.stdin.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
    child.stdin.end(input);
    const status = await new Promise((resolve) => child.on('close', resolve));
    expect({ status, stderr }).toEqual({ status: 0, stderr: '' });
  });
});

describe('scorpion deal and show', { timeout: SPAWNING_MS }, () => {
  it('deals the pinned deck for a seed and shows it with face-down cards hidden', () => {
    const dealt = scorpion(['deal', '--variant', 'scorpion', '--seed', '0123456789abcdef0123456789abcdef']);
    expect(dealt.status).toBe(0);
    const record = JSON.parse(dealt.stdout);
    expect(record.deck.slice(0, 5)).toEqual(['KC', '7S', '7D', 'JD', 'KH']);
    expect(record.moves).toEqual([]);
    const shown = scorpion(['show'], dealt.stdout);
    expect(shown.stdout).toContain('scorpion · 0 moves · playing');
    expect(shown.stdout).toContain('##');
    expect(shown.stdout).not.toContain(' 7s');
    expect(scorpion(['show', '--reveal'], dealt.stdout).stdout).toContain(' kc');
  });

  it('refuses a bad seed or variant with a usage message', () => {
    const bad = scorpion(['deal', '--variant', 'scorpion', '--seed', 'xyz']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--seed takes 32 hex digits');
    expect(scorpion(['deal', '--variant', 'spider']).status).toBe(2);
    expect(scorpion(['fly']).status).toBe(2);
  });

  it('--help, -h or help prints the usage on stdout with status 0, for a command too', () => {
    for (const args of [['--help'], ['-h'], ['help'], ['deal', '--help']]) {
      const help = scorpion(args);
      expect(help).toMatchObject({ status: 0, stderr: '' });
      expect(help.stdout).toContain('usage: scorpion <command> [flags]');
    }
  });

  it("the usage names every flag of every command (study's --progress was missing)", () => {
    const usage = scorpion(['--help']).stdout;
    // Each command's part: its line and the indented lines under it, up to the next command.
    const parts = new Map(
      usage
        .split(/\n(?= {2}[a-z])/)
        .slice(1)
        .map((part) => {
          // `puzzles mine` and `puzzles pack` are named by two words.
          const [first, second] = part.trim().split(' ');
          return [first === 'puzzles' ? `${first} ${second}` : first!, part] as const;
        }),
    );
    const commands = {
      deal: DEAL_FLAGS,
      show: SHOW_FLAGS,
      replay: REPLAY_FLAGS,
      solve: SOLVE_FLAGS,
      study: STUDY_FLAGS,
      'puzzles mine': PUZZLES_MINE_FLAGS,
      'puzzles pack': PUZZLES_PACK_FLAGS,
    };
    for (const [command, flags] of Object.entries({ ...commands, 'win-rates': WIN_RATES_FLAGS })) {
      for (const flag of Object.keys(flags)) expect(parts.get(command), `${command} --${flag}`).toContain(`--${flag}`);
    }
  });

  it('a file it cannot write is status 1 with the reason, not a stack trace', () => {
    const out = mkdtempSync(join(tmpdir(), 'scorpion-cli-'));
    try {
      const notADir = join(out, 'file');
      writeFileSync(notADir, '');
      const failed = scorpion(['study', '--variant', 'wasp', '--deals', '1', '--dir', notADir]);
      expect(failed).toMatchObject({ status: 1, stdout: '' });
      expect(failed.stderr).toBe(`scorpion: EEXIST: file already exists, mkdir '${notADir}'\n`);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('refuses a misspelt flag with usage and status 2, and prints nothing on stdout', () => {
    const misspelt = scorpion(['deal', '--varaint', 'scorpion']);
    expect(misspelt).toMatchObject({ status: 2, stdout: '' });
    expect(misspelt.stderr).toContain('scorpion: deal has no flag --varaint');
    expect(misspelt.stderr).toContain('usage: scorpion <command> [flags]');
  }, 20_000);
});
