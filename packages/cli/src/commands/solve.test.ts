import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { dealFromSeed, newGame, recordOf, replay } from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../args.ts';
import { limitsOf, progressLine, SOLVE_FLAGS, solveLine } from './solve.ts';

const OPTIONS = { foundations: false, open: false };
/** Seeded classic deals the solver wins at once, and proves lost at once. */
const WON = '736637684093e4443300bee3bcccccdd';
const LOST = '81201ba5ff212996e194621a99ff73b3';
const root = join(import.meta.dirname, '../../../..');

function recordLine(seed: string, moves: unknown[] = []): string {
  return JSON.stringify(recordOf('scorpion', OPTIONS, dealFromSeed('scorpion', seed), moves as never[]));
}

describe('solveLine', () => {
  it('solves the position after the record moves, and the line wins from there', () => {
    const first = JSON.parse(solveLine(recordLine(WON), {}).json);
    expect(first).toMatchObject({ result: 'win' });
    const played = first.line.slice(0, 10);
    const solved = JSON.parse(solveLine(recordLine(WON, played), {}).json);
    expect(Object.keys(solved)).toEqual(['result', 'line', 'nodes', 'ms']);
    const start = newGame('scorpion', OPTIONS, dealFromSeed('scorpion', WON));
    expect(replay(start, [...played, ...solved.line])).toMatchObject({ ok: true, status: 'won' });
  });

  it('reports a proven loss and an unknown with its reason', () => {
    expect(JSON.parse(solveLine(recordLine(LOST), {}).json)).toMatchObject({ result: 'loss' });
    const hard = '2fc8991fb1279122ae3fbf5511e24efa';
    expect(JSON.parse(solveLine(recordLine(hard), { nodes: 100 }).json)).toMatchObject({
      result: 'unknown',
      reason: 'node-limit',
      nodes: 100,
    });
  });

  it('answers a bad line with an error', () => {
    expect(solveLine('{not json', {})).toEqual({ json: '{"error":"not valid JSON"}', ok: false });
    expect(JSON.parse(solveLine(recordLine(WON, [{ kind: 'deal' }, { kind: 'deal' }]), {}).json)).toEqual({
      error: 'move 2 of 2 is illegal: The stock has already been dealt.',
    });
  });
});

describe('solve flags and progress', () => {
  it('reads the limits', () => {
    expect(limitsOf(parseArgs(['--limit-nodes', '5000', '--limit-ms', '20'], SOLVE_FLAGS, 'solve'))).toEqual({
      nodes: 5000,
      ms: 20,
    });
    expect(() => limitsOf(parseArgs(['--limit-ms', 'soon'], SOLVE_FLAGS, 'solve'))).toThrow(
      '--limit-ms takes a number',
    );
  });

  it('draws a bar with the tally', () => {
    expect(progressLine(3, 12, { win: 1, loss: 2 })).toBe(
      'solve [######------------------] 3/12 · win 1 · loss 2 · unknown 0 · error 0',
    );
  });
});

/* A new node with its TypeScript loader, then a solve: a second alone, several on a loaded machine. */
describe('scorpion solve (the real command)', { timeout: 60_000 }, () => {
  it('writes one verdict per record, a progress bar on request, and exit status 1 for bad lines', () => {
    const input = [recordLine(WON), recordLine(LOST), 'nope'].join('\n');
    const run = spawnSync(
      process.execPath,
      [
        '--conditions=source',
        '--import',
        'tsx',
        join(root, 'packages/cli/src/main.ts'),
        'solve',
        '--limit-ms',
        '2000',
        '--progress',
      ],
      { input, encoding: 'utf8', cwd: root },
    );
    expect(run.status).toBe(1);
    const out = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(out.map((o) => o.result ?? o.error)).toEqual(['win', 'loss', 'not valid JSON']);
    expect(run.stderr).toContain('3/3 · win 1 · loss 1 · unknown 0 · error 1');
  }, 20_000);
});
