import { expect, test } from 'vitest';
import { type DealOutcome, type DealResult, type Entry, sheet, standings, tableFromRows, tableKey } from './scoring.ts';

/**
 * A player's arena written as their deals in order: `W` won, `G` given up, `T` timed out,
 * `U` not over; a `*` marks a berserk deal; `:90` the deal's time in seconds (60 by default).
 */
function deals(line: string): DealResult[] {
  const outcomes: Record<string, DealOutcome> = { W: 'won', G: 'gave-up', T: 'timed-out', U: 'unfinished' };
  return line
    .split(/\s+/)
    .filter(Boolean)
    .map((token, i) => {
      const match = /^([WGTU])(\*?)(?::(\d+))?$/.exec(token);
      if (!match) throw new Error(`bad token ${token}`);
      return {
        deal: i + 1,
        outcome: outcomes[match[1]!]!,
        berserk: match[2] === '*',
        elapsedMs: Number(match[3] ?? 60) * 1000,
      };
    });
}

const points = (line: string) => sheet(deals(line)).perDeal.map((d) => d.points);

test('a win scores 2; the third win in a row and every one after it scores 4', () => {
  expect(points('W W W W')).toEqual([2, 2, 4, 4]);
  expect(sheet(deals('W W W W'))).toMatchObject({ score: 12, fire: true, streak: 4, wins: 4 });
});

test('two wins in a row light the fire; a lost deal puts it out and the next win scores 2 again', () => {
  expect(sheet(deals('W')).fire).toBe(false);
  expect(sheet(deals('W W')).fire).toBe(true);
  expect(points('W W W G W W W')).toEqual([2, 2, 4, 0, 2, 2, 4]);
  expect(points('W W W T W')).toEqual([2, 2, 4, 0, 2]);
  expect(sheet(deals('W W W T'))).toMatchObject({ score: 8, fire: false, streak: 0 });
});

test('a win between losses never lights the fire', () => {
  expect(points('W G W G W G W')).toEqual([2, 0, 2, 0, 2, 0, 2]);
  expect(sheet(deals('W G W G W G W'))).toMatchObject({ score: 8, fire: false, streak: 1, wins: 4 });
});

test('berserk adds 1 to a win, and that 1 is not doubled on fire', () => {
  expect(points('W* W* W*')).toEqual([3, 3, 5]);
  expect(points('W W W*')).toEqual([2, 2, 5]);
  const third = sheet(deals('W W W*')).perDeal[2]!;
  expect(third).toMatchObject({ doubled: true, bonus: 1, points: 5 });
});

test('a berserk deal lost scores 0 and puts the fire out like any other', () => {
  expect(points('W W G* W*')).toEqual([2, 2, 0, 3]);
  expect(points('W W T* W')).toEqual([2, 2, 0, 2]);
});

test('a deal not over counts for nothing and leaves the streak as it was', () => {
  expect(sheet(deals('W W U'))).toMatchObject({ score: 4, fire: true, streak: 2, wins: 2 });
  expect(sheet(deals('W W U*')).perDeal[2]).toMatchObject({ points: 0, bonus: 0, doubled: false });
  expect(sheet(deals('W G U'))).toMatchObject({ score: 2, fire: false, streak: 0 });
});

test('win time adds up the wins only: a loss costs its time but never counts in the tie-break', () => {
  expect(sheet(deals('W:100 G:30 W:50 T:300'))).toMatchObject({ winTimeMs: 150_000, wins: 2 });
});

test('an arena without a deal finished is an empty sheet', () => {
  expect(sheet([])).toEqual({ score: 0, fire: false, streak: 0, wins: 0, winTimeMs: 0, perDeal: [] });
});

test('results out of order or repeated are refused, never counted twice', () => {
  const [first, second] = deals('W W');
  expect(() => sheet([second!, first!])).toThrow(RangeError);
  expect(() => sheet([first!, first!])).toThrow(RangeError);
  expect(() => sheet([{ ...first!, deal: 0 }])).toThrow(RangeError);
});

test('a later deal number after a gap is scored as the next deal played', () => {
  const [first, second] = deals('W W');
  expect(sheet([first!, { ...second!, deal: 5 }]).perDeal.map((d) => d.deal)).toEqual([1, 5]);
});

const entry = (playerId: string, line: string): Entry => ({ playerId, name: playerId, sheet: sheet(deals(line)) });
const table = (...entries: Entry[]) => standings(entries).map((s) => `${s.rank} ${s.playerId} ${s.sheet.score}`);

test('the table orders by score, and equal scores by the time their wins took', () => {
  expect(
    table(entry('ann', 'W:90 W:90'), entry('ben', 'W W W'), entry('cat', 'W:60 G W:60'), entry('dan', 'G G')),
  ).toEqual(['1 ben 8', '2 cat 4', '3 ann 4', '4 dan 0']);
});

test('equal score and equal win time share a rank, listed by id; the next rank skips', () => {
  expect(table(entry('zed', 'W:60 W:60'), entry('amy', 'W:120'), entry('bob', 'W:60 W:60'), entry('cy', 'G'))).toEqual([
    '1 bob 4',
    '1 zed 4',
    '3 amy 2',
    '4 cy 0',
  ]);
});

test('players who have finished no deal yet share the last rank', () => {
  expect(table(entry('b', ''), entry('a', ''), entry('c', 'W'))).toEqual(['1 c 2', '2 a 0', '2 b 0']);
});

test('a berserk win beats a plain one of the same speed; fire beats berserk over three deals', () => {
  expect(table(entry('plain', 'W W W'), entry('wild', 'W* G* W*'))).toEqual(['1 plain 8', '2 wild 6']);
  expect(table(entry('plain', 'W'), entry('wild', 'W*'))).toEqual(['1 wild 3', '2 plain 2']);
});

test('the sorted-set key orders players as the table does, and equal keys are shared places', () => {
  const entries = [
    entry('a', 'W:90 W:90'),
    entry('b', 'W W W'),
    entry('c', 'W:60 G W:60'),
    entry('d', 'G G'),
    entry('e', 'W:60 G W:60'),
    entry('f', ''),
  ];
  const byKey = [...entries].sort(
    (x, y) => tableKey(x.sheet) - tableKey(y.sheet) || (x.playerId < y.playerId ? -1 : 1),
  );
  const table = standings(entries);
  expect(byKey.map((e) => e.playerId)).toEqual(table.map((s) => s.playerId));
  const rankByKey = (e: Entry) => 1 + entries.filter((o) => tableKey(o.sheet) < tableKey(e.sheet)).length;
  expect(table.map((s) => rankByKey(s))).toEqual(table.map((s) => s.rank));
});

test('a table rebuilt from stored rows, in any order, is the table that was shown', () => {
  const players = [
    { playerId: 'ann', name: 'Ann' },
    { playerId: 'ben', name: 'Ben' },
    { playerId: 'cat', name: 'Cat' },
  ];
  const rows = [
    ...deals('W W W*').map((d) => ({ ...d, playerId: 'ann' })),
    ...deals('W G U').map((d) => ({ ...d, playerId: 'ben' })),
  ];
  const shown = standings([
    { playerId: 'ann', name: 'Ann', sheet: sheet(deals('W W W*')) },
    { playerId: 'ben', name: 'Ben', sheet: sheet(deals('W G U')) },
    { playerId: 'cat', name: 'Cat', sheet: sheet([]) },
  ]);
  expect(tableFromRows(players, [...rows].reverse())).toEqual(shown);
  expect(tableFromRows(players, rows).map((s) => `${s.rank} ${s.name} ${s.sheet.score}`)).toEqual([
    '1 Ann 9',
    '2 Ben 2',
    '3 Cat 0',
  ]);
});
