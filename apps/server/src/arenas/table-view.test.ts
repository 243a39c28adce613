import { ArenaRow } from '@scorpion/protocol';
import { expect, test } from 'vitest';
import { type DealResult, sheet, standings } from './scoring.ts';
import { TableView } from './table-view.ts';

const won = (deal: number, berserk = false): DealResult => ({ deal, outcome: 'won', berserk, elapsedMs: 60_000 });
const inPlay = (deal: number): DealResult => ({ deal, outcome: 'unfinished', berserk: false, elapsedMs: 10_000 });
const lost = (deal: number): DealResult => ({ deal, outcome: 'gave-up', berserk: false, elapsedMs: 30_000 });

/** `count` players, each with as many wins as their number, so player 1 is last. */
function table(count: number, extra: { playerId: string; results: DealResult[] }[] = []) {
  const entries = Array.from({ length: count }, (_, i) => ({
    playerId: `p${String(i + 1).padStart(4, '0')}`,
    name: `Player ${i + 1}`,
    sheet: sheet(Array.from({ length: (i % 20) + 1 }, (_, d) => won(d + 1))),
  }));
  for (const { playerId, results } of extra) entries.push({ playerId, name: playerId, sheet: sheet(results) });
  return standings(entries);
}

test("a row shows the score, the fire, the deal in play and each finished deal's points", () => {
  const view = new TableView(table(0, [{ playerId: 'ann', results: [won(1), won(2), won(3, true), inPlay(4)] }]), true);
  const row = view.rowOf('ann')!;
  expect(row).toEqual({
    rank: 1,
    player: { id: 'ann', nickname: 'ann' },
    score: 9,
    fire: true,
    streak: 3,
    deal: 4,
    playing: true,
    points: [2, 2, 5],
  });
  expect(ArenaRow.parse(row)).toEqual(row);
});

test("between deals the row names the last one finished; once the arena is over nobody's deal is in play", () => {
  const running = new TableView(table(0, [{ playerId: 'ben', results: [won(1), lost(2)] }]), true);
  expect(running.rowOf('ben')).toMatchObject({ deal: 2, playing: false, fire: false, points: [2, 0] });
  const over = new TableView(table(0, [{ playerId: 'cat', results: [won(1), inPlay(2)] }]), false);
  expect(over.rowOf('cat')).toMatchObject({ deal: 2, playing: false, points: [2] });
  const fresh = new TableView(table(0, [{ playerId: 'dan', results: [] }]), true);
  expect(fresh.rowOf('dan')).toMatchObject({ deal: 0, playing: false, score: 0, points: [] });
});

test('every socket gets the same top ten and its own row, from anywhere in a table of a thousand', () => {
  const view = new TableView(table(1000), true);
  expect(view.players).toBe(1000);
  expect(view.top).toHaveLength(10);
  expect(view.top.every((r) => r.rank === 1)).toBe(true);
  const last = view.rowOf('p0001')!;
  expect(last).toMatchObject({ rank: 951, score: 2 });
  expect(view.rowOf(view.top[3]!.player.id)).toBe(view.top[3]);
  expect(view.rowOf('nobody')).toBeNull();
  expect(view.rowOf(null)).toBeNull();
});

test('the podium holds the first three places, ties included, at most ten rows', () => {
  const small = new TableView(
    table(0, [
      { playerId: 'a', results: [won(1), won(2)] },
      { playerId: 'b', results: [won(1)] },
      { playerId: 'c', results: [won(1)] },
      { playerId: 'd', results: [lost(1)] },
    ]),
    false,
  );
  expect(small.podium().map((r) => `${r.rank} ${r.player.id}`)).toEqual(['1 a', '2 b', '2 c']);
  expect(new TableView(table(1000), false).podium()).toHaveLength(10);
});
