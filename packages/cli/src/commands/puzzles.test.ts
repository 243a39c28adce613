import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { positionFromText } from '@scorpion/rules';
import { boardText } from '@scorpion/solver/puzzles';
import { afterAll, expect, it } from 'vitest';
import { exported, LINE, SHIPPED_PUZZLES } from '../puzzles/test-games.ts';
import { puzzlesMineCommand, puzzlesPackCommand } from './puzzles.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A puzzle file holding the hand-built puzzle, its first move as `move`. */
function puzzleDir(move: object): string {
  const dir = mkdtempSync(join(tmpdir(), 'puzzles-pack-'));
  dirs.push(dir);
  const board = boardText(positionFromText('scorpion', '3S KS JS 9S | 8S TS QS 5S | AS 7S 2S 4S 6S'));
  const deal = { index: 3, seed: 'ab', ms: 1500, puzzles: [{ ply: 40, board, solution: [move], legal: 3, nodes: 9 }] };
  writeFileSync(join(dir, 'scorpion.jsonl'), `${JSON.stringify(deal)}\n`);
  return dir;
}

function pack(dir: string) {
  let out = '';
  let err = '';
  const args = { flags: new Map([['dir', dir]]) };
  const status = puzzlesPackCommand(
    args,
    (text) => {
      out += text;
    },
    (text) => {
      err += text;
    },
  );
  return { status, out, err };
}

it('packs checked puzzles and prints the count per variant with the time per puzzle', () => {
  const dir = puzzleDir({ kind: 'move', from: 1, row: 3, to: 2 });
  const { status, out } = pack(dir);
  expect(status).toBe(0);
  expect(out).toContain('| scorpion | 1 | 1 | 1500 |');
  const packed = gunzipSync(readFileSync(join(dir, 'scorpion.jsonl.gz'))).toString('utf8');
  expect(packed).toBe(readFileSync(join(dir, 'scorpion.jsonl'), 'utf8'));
});

it('writes nothing when a puzzle is not what it claims', () => {
  const dir = puzzleDir({ kind: 'move', from: 0, row: 1, to: 0 });
  const { status, err } = pack(dir);
  expect(status).toBe(1);
  expect(err).toMatch(/^scorpion deal 3 ply 40: step 1: the only winning move is/);
  expect(existsSync(join(dir, 'scorpion.jsonl.gz'))).toBe(false);
});

it('mines the won games of an export file into its `+games` file, says which lines it refused, and packs it with the rest', () => {
  const dir = mkdtempSync(join(tmpdir(), 'puzzles-games-command-'));
  dirs.push(dir);
  const file = join(dir, 'scorpion-games-2026-12.jsonl.gz');
  writeFileSync(file, gzipSync(`${exported('ann', LINE)}\n${exported('ben', LINE.slice(0, 5))}\n`));
  let err = '';
  const args = {
    flags: new Map([
      ['games', file],
      ['dir', dir],
    ]),
  };
  const status = puzzlesMineCommand(args, (text) => {
    err += text;
  });
  // The refused line is named, and the rest is mined all the same.
  expect(status).toBe(1);
  expect(err).toContain(`${file} line 2: said won, but its moves end playing`);
  expect(err).toContain('scorpion+open+games: 1 deals mined this run, 1 in the file');
  const { status: packed, out } = pack(dir);
  expect(packed).toBe(0);
  expect(out).toContain(`| scorpion+open+games | 1 | ${SHIPPED_PUZZLES.length} |`);
  expect(existsSync(join(dir, 'scorpion+open+games.jsonl.gz'))).toBe(true);
  expect(() => puzzlesMineCommand({ flags: new Map([['games', join(dir, 'none.jsonl')]]) }, () => {})).toThrow(
    /no export file/,
  );
});
