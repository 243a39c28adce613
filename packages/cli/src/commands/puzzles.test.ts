import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { positionFromText } from '@scorpion/rules';
import { boardText } from '@scorpion/solver/puzzles';
import { afterAll, expect, it } from 'vitest';
import { puzzlesPackCommand } from './puzzles.ts';

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
