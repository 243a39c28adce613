import type { RaceResult } from '@scorpion/protocol';
import { expect, test } from 'vitest';
import { rateRace } from '../../ratings/model.ts';
import { earlierToday } from '../../ratings/repeat.ts';
import type { RaceRow, RateRace } from '../types.ts';
import { type FreshRepos, gameRow, player, storeResult } from './fixtures.ts';

export const race = (id: string, code: string, rated = true): RaceRow => ({
  id,
  code,
  number: 1,
  seed: `seed ${id}`,
  startsAt: 1_000,
  pausedMs: 0,
  timeLimit: 0,
  status: 'racing',
  finishedAt: null,
  rated,
  series: null,
});

export const results = (raceId: string, order: readonly string[]): RaceResult[] =>
  order.map((playerId, i) => ({
    rank: i + 1,
    playerId,
    nickname: `N ${playerId}`,
    won: i === 0,
    gaveUp: false,
    timeMs: 60_000 + i,
    progress: 104 - i,
    faceDown: i,
    moves: 80,
    gameId: `${raceId}-${playerId}`,
  }));

/** Ratings, their history and the profile's reads, as any store must keep them. */
export function ratingsContract(fresh: FreshRepos): void {
  test('a rated race is rated in the transaction that ends it, once; an unrated one never', async () => {
    const repos = await fresh();
    for (const id of ['a', 'b']) await player(repos, id);
    const start = async (r: RaceRow) =>
      repos.races.create(r, [
        gameRow('a', { id: `${r.id}-a`, kind: 'race', raceId: r.id }),
        gameRow('b', { id: `${r.id}-b`, kind: 'race', raceId: r.id }),
      ]);
    await start(race('r1', 'ROOM'));
    let calls = 0;
    const rate: (raceId: string, order: string[]) => RateRace = (raceId, order) => (before) => {
      calls++;
      return rateRace(results(raceId, order), before);
    };
    expect(await repos.races.finish('r1', 5_000, results('r1', ['a', 'b']), undefined, rate('r1', ['a', 'b']))).toBe(
      true,
    );
    // Ended again (a second process, a restart): nothing is rated twice.
    expect(await repos.races.finish('r1', 6_000, results('r1', ['b', 'a']), undefined, rate('r1', ['b', 'a']))).toBe(
      false,
    );
    expect(calls).toBe(1);
    const after = await repos.ratings.of(['a', 'b']);
    const a = after.find((r) => r.playerId === 'a')!;
    const b = after.find((r) => r.playerId === 'b')!;
    expect([a.games, b.games, a.established, a.nickname]).toStrictEqual([1, 1, false, 'N a']);
    expect(a.mu).toBeGreaterThan(25);
    expect(b.mu).toBeLessThan(25);
    expect(await repos.ratings.history('a', 10)).toStrictEqual([
      { raceId: 'r1', at: 5_000, rank: 1, muBefore: 25, mu: a.mu, sigma: a.sigma, games: 1 },
    ]);

    await start(race('r2', 'ROOM2', false));
    expect(await repos.races.finish('r2', 7_000, results('r2', ['b', 'a']))).toBe(true);
    expect((await repos.ratings.of(['a']))[0]!.games).toBe(1);
    expect((await repos.races.get('r1'))?.rated).toBe(true);
    expect((await repos.races.get('r2'))?.rated).toBe(false);
  });

  test('two rated races sharing a racer, ending at once, both count', async () => {
    const repos = await fresh();
    for (const id of ['a', 'b', 'c']) await player(repos, id);
    await repos.races.create(race('r1', 'ONE'), []);
    await repos.races.create(race('r2', 'TWO'), []);
    const end = (id: string, order: string[]) =>
      repos.races.finish(id, 5_000, results(id, order), undefined, (before) => rateRace(results(id, order), before));
    expect(await Promise.all([end('r1', ['a', 'b']), end('r2', ['a', 'c'])])).toStrictEqual([true, true]);
    const a = (await repos.ratings.of(['a']))[0]!;
    expect(a.games).toBe(2);
    const history = await repos.ratings.history('a', 10);
    expect(history.map((h) => h.games)).toStrictEqual([1, 2]);
    // The second race started from the first one's rating, whichever came first.
    expect(history[1]!.muBefore).toBe(history[0]!.mu);
  });

  test('rated races finished since a time, between each pair of the given racers: the most any one racer had', async () => {
    const repos = await fresh();
    for (const id of ['a', 'b', 'c', 'd']) await player(repos, id);
    const play = async (id: string, order: string[], finishedAt: number, rated = true) => {
      await repos.races.create(race(id, `R${id}`, rated), []);
      await repos.races.finish(id, finishedAt, results(id, order));
    };
    await play('yesterday', ['a', 'b'], 900);
    await play('r1', ['a', 'b'], 1_000);
    await play('r2', ['b', 'a'], 2_000);
    await play('unrated', ['a', 'b'], 2_500, false);
    await play('r3', ['a', 'c'], 3_000);
    await play('others', ['c', 'd'], 3_500);
    const met = earlierToday(await repos.races.ratedTogetherSince(['a', 'b', 'c'], 1_000));
    expect(Object.fromEntries(met)).toStrictEqual({ a: 2, b: 2, c: 1 });
    expect(Object.fromEntries(earlierToday(await repos.races.ratedTogetherSince(['a', 'd'], 1_000)))).toStrictEqual({});
    expect(Object.fromEntries(earlierToday(await repos.races.ratedTogetherSince(['a', 'b'], 2_001)))).toStrictEqual({});
    expect(Object.fromEntries(earlierToday(await repos.races.ratedTogetherSince(['a'], 0)))).toStrictEqual({});
  });

  test('the rating board lists established ratings first, each by rating; history keeps the latest', async () => {
    const repos = await fresh();
    for (const id of ['a', 'b', 'c', 'd']) await player(repos, id);
    const set = (playerId: string, mu: number, games: number) =>
      repos.races.finish(`x-${playerId}`, games, results(`x-${playerId}`, [playerId]), undefined, () => [
        { playerId, rank: 1, muBefore: 25, mu, sigma: 3, games, established: games >= 10 },
      ]);
    for (const [id, mu, games] of [
      ['a', 30, 3],
      ['b', 20, 12],
      ['c', 26, 10],
      ['d', 40, 1],
    ] as const) {
      await repos.races.create(race(`x-${id}`, `R${id}`), []);
      expect(await set(id, mu, games)).toBe(true);
    }
    const board = await repos.ratings.board(0, 10);
    expect(board.map((r) => r.playerId)).toStrictEqual(['c', 'b', 'd', 'a']);
    expect((await repos.ratings.board(1, 2)).map((r) => r.playerId)).toStrictEqual(['b', 'd']);
    expect(await repos.ratings.of([])).toStrictEqual([]);
    expect(await repos.ratings.history('nobody', 10)).toStrictEqual([]);
  });

  test("a profile's reads: by nickname key, the player's dailies and races, the latest first", async () => {
    const repos = await fresh();
    for (const id of ['a', 'b']) await player(repos, id);
    expect(await repos.players.byNicknameKey('n a')).toStrictEqual({ id: 'a', nickname: 'N a' });
    expect(await repos.players.byNicknameKey('n z')).toBeUndefined();
    await storeResult(repos, { playerId: 'a', date: '2026-06-01', timeMs: 90_000 });
    await storeResult(repos, { playerId: 'a', date: '2026-06-02', timeMs: 80_000, won: false });
    expect((await repos.profiles.dailies('a', 10)).map((d) => [d.date, d.won, d.timeMs])).toStrictEqual([
      ['2026-06-02', false, 80_000],
      ['2026-06-01', true, 90_000],
    ]);
    expect(await repos.profiles.dailies('a', 1)).toHaveLength(1);
    for (const [id, at] of [
      ['r1', 10],
      ['r2', 20],
    ] as const) {
      await repos.races.create({ ...race(id, 'ROOM', id === 'r2'), number: at }, []);
      await repos.races.finish(id, at, results(id, id === 'r1' ? ['a', 'b'] : ['b', 'a']));
    }
    expect(await repos.profiles.races('a', 10)).toStrictEqual([
      {
        raceId: 'r2',
        code: 'ROOM',
        number: 20,
        finishedAt: 20,
        rated: true,
        rank: 2,
        racers: 2,
        won: false,
        timeMs: 60_001,
        gameId: 'r2-a',
      },
      {
        raceId: 'r1',
        code: 'ROOM',
        number: 10,
        finishedAt: 10,
        rated: false,
        rank: 1,
        racers: 2,
        won: true,
        timeMs: 60_000,
        gameId: 'r1-a',
      },
    ]);
  });

  test("a series' finished races, in order, with their results", async () => {
    const repos = await fresh();
    for (const id of ['a', 'b']) await player(repos, id);
    for (const n of [1, 2, 3, 4]) {
      await repos.races.create({ ...race(`s${n}`, 'ROOM', false), number: n, series: n < 3 ? 1 : 3 }, []);
    }
    for (const n of [1, 2, 3]) await repos.races.finish(`s${n}`, n, results(`s${n}`, ['a', 'b']));
    const one = await repos.races.series('ROOM', 1);
    expect(one.map((s) => [s.race.number, s.results.map((r) => r.playerId)])).toStrictEqual([
      [1, ['a', 'b']],
      [2, ['a', 'b']],
    ]);
    // The running race 4 is not a finished game of series 3 yet.
    expect((await repos.races.series('ROOM', 3)).map((s) => s.race.number)).toStrictEqual([3]);
  });
}
