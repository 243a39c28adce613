import { expect, test } from 'vitest';
import { bandAfter, compatible, formGroups, type QueueEntry } from './matching.ts';

const T0 = 1_000_000;
const entry = (playerId: string, rating: number, since = T0, extra: Partial<QueueEntry> = {}): QueueEntry => ({
  playerId,
  entryId: `e-${playerId}`,
  variant: 'scorpion',
  options: { foundations: false, open: false },
  rating,
  since,
  device: `dev-${playerId}`,
  node: 'n1',
  ...extra,
});
const ids = (groups: QueueEntry[][]) => groups.map((g) => g.map((e) => e.playerId));

test('the band starts at 100 points and widens by 25 a second', () => {
  expect(bandAfter(0)).toBe(100);
  expect(bandAfter(10_000)).toBe(350);
  expect(bandAfter(30_000)).toBe(850);
});

test('two players of similar rating are paired at once; far apart, only once one has waited', () => {
  expect(ids(formGroups([entry('a', 1500), entry('b', 1580)], T0))).toStrictEqual([['a', 'b']]);
  const far = [entry('a', 1500), entry('b', 1900)];
  expect(formGroups(far, T0)).toStrictEqual([]);
  // 400 points: the band reaches it after 12 s of waiting.
  expect(formGroups(far, T0 + 11_000)).toStrictEqual([]);
  expect(ids(formGroups(far, T0 + 12_000))).toStrictEqual([['a', 'b']]);
});

test('several waiting at once race together, up to 4, the longest-waiting first', () => {
  const five = ['a', 'b', 'c', 'd', 'e'].map((id, i) => entry(id, 1500 + i * 10, T0 + i));
  expect(ids(formGroups(five, T0 + 10))).toStrictEqual([['a', 'b', 'c', 'd']]);
  const six = [...five, entry('f', 1500, T0 + 5)];
  expect(ids(formGroups(six, T0 + 10))).toStrictEqual([
    ['a', 'f', 'b', 'c'],
    ['d', 'e'],
  ]);
});

test('a group holds only players compatible with each other, closest ratings first', () => {
  // c is near a, but 180 from b: with a fresh band of 100 it waits.
  const group = formGroups([entry('a', 1500), entry('b', 1410), entry('c', 1590)], T0);
  expect(ids(group)).toStrictEqual([['a', 'b']]);
});

test('one device never races itself, nor do different variants or options', () => {
  expect(formGroups([entry('a', 1500), entry('b', 1500, T0, { device: 'dev-a' })], T0)).toStrictEqual([]);
  expect(compatible(entry('a', 1500), entry('b', 1500, T0, { variant: 'wasp' }), T0)).toBe(false);
  const open = { foundations: false, open: true };
  expect(compatible(entry('a', 1500), entry('b', 1500, T0, { options: open }), T0)).toBe(false);
  // An empty device (a script without cookies) is no device shared.
  expect(compatible(entry('a', 1500, T0, { device: '' }), entry('b', 1500, T0, { device: '' }), T0)).toBe(true);
});
