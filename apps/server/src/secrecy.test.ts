import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { toWireView } from '@scorpion/protocol';
import { positionFromText } from '@scorpion/rules';
import { expect, test } from 'vitest';
import { dailyIsPublic, gate, practiceIsPublic, raceIsPublic } from './secrecy.ts';
import { sourceFiles } from './test/source-files.ts';

test('a deal is public only once its game, its day or its race is over', () => {
  expect(practiceIsPublic('playing')).toBe(false);
  expect(practiceIsPublic('gave-up')).toBe(true);
  expect(dailyIsPublic('2026-06-01', '2026-06-01')).toBe(false);
  expect(dailyIsPublic('2026-06-01', '2026-06-02')).toBe(true);
  expect(raceIsPublic({ status: 'racing' })).toBe(false);
  expect(raceIsPublic({ status: 'finished' })).toBe(true);
});

test('a position leaves the gate with its face-down cards and its stock unknown, its face-up cards as they are', () => {
  const state = positionFromText('scorpion', 'kc qc 9H | 8S TH | 5S | 7H', { stock: 'AS 2S 3S' });
  // Without the gate, the face-down cards would be written out as any other.
  const raw = toWireView(state);
  expect(state.hidden).toStrictEqual([2, 0, 0, 0]);
  expect(JSON.stringify(raw.columns[0])).toMatch(/K.*Q/);
  const shown = gate.position(state);
  expect(shown.columns[0]).toStrictEqual([null, null, raw.columns[0]![2]]);
  expect(shown.columns.slice(1)).toStrictEqual(raw.columns.slice(1));
  expect(shown.stock).toBe(3);
  expect({ ...shown, columns: undefined }).toStrictEqual({ ...raw, columns: undefined });
});

/** The server's own modules, tests aside, that turn a position into wire form themselves. */
function positionsOutsideTheGate(): string[] {
  const src = import.meta.dirname;
  return sourceFiles(src, /(?<!\.test)\.ts$/)
    .filter((path) => path !== join(src, 'secrecy.ts'))
    .filter((path) => /\b(toWireView|toPlayerView)\b/.test(readFileSync(path, 'utf8')))
    .map((path) => relative(src, path));
}

test('every position leaves by the gate: no other module of the server builds one for the wire', () => {
  expect(positionsOutsideTheGate()).toStrictEqual([]);
});
