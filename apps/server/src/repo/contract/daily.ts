import { expect, test } from 'vitest';
import { RankedDailyTaken } from '../errors.ts';
import type { DailyDealRow } from '../types.ts';
import { dayAfter, type FreshRepos, gameRow, player } from './fixtures.ts';

/** How long to wait for another connection or process to get somewhere on a loaded machine (never the point of a test). */
const PATIENT = { timeout: 20_000, interval: 20 };
const deal = (date: string, seed: string): DailyDealRow => ({
  date,
  day: 1,
  variant: 'scorpion',
  seed,
  deck: [1, 2, 3],
  candidate: 0,
  certifiedBy: 'test',
  line: null,
  difficulty: null,
});

/** The daily's guarantees that rest on the store: one deal made per day, one ranked game per player and day. */
export function dailyContract(fresh: FreshRepos): void {
  test('a day has one ranked game per player: a second is a RankedDailyTaken and stores nothing', async () => {
    const repos = await fresh();
    await player(repos, 'a');
    const first = gameRow('a', { kind: 'daily', dailyDate: dayAfter(0), ranked: true });
    await repos.games.create(first);
    const second = gameRow('a', { kind: 'daily', dailyDate: dayAfter(0), ranked: true });
    const refused = await repos.games.create(second).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RankedDailyTaken);
    expect(refused).toMatchObject({ playerId: 'a', date: dayAfter(0) });
    expect(await repos.games.get(second.id)).toBeUndefined();
    // Practice replays of the day, another day, another player: all stored.
    await repos.games.create(gameRow('a', { kind: 'daily', dailyDate: dayAfter(0), ranked: false }));
    await repos.games.create(gameRow('a', { kind: 'daily', dailyDate: dayAfter(1), ranked: true }));
    await repos.games.create(gameRow('b', { kind: 'daily', dailyDate: dayAfter(0), ranked: true }));
    expect((await repos.games.dailyOf('a', dayAfter(0))).map((g) => g.ranked).sort()).toStrictEqual([false, true]);
  });

  test("a day's deal is made once however many ask at once; a failed making stores nothing", async () => {
    const repos = await fresh();
    let made = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const make = async () => {
      made += 1;
      await held;
      return deal(dayAfter(0), `seed ${made}`);
    };
    const asks = [repos.daily.dealOnce(dayAfter(0), make), repos.daily.dealOnce(dayAfter(0), make)];
    await expect.poll(() => made, PATIENT).toBe(1);
    release();
    expect((await Promise.all(asks)).map((d) => d.seed)).toStrictEqual(['seed 1', 'seed 1']);
    expect(await repos.daily.dealOnce(dayAfter(0), make)).toMatchObject({ seed: 'seed 1' });
    expect(made).toBe(1);

    await expect(repos.daily.dealOnce(dayAfter(1), () => Promise.reject(new Error('solver down')))).rejects.toThrow(
      'solver down',
    );
    expect(await repos.daily.get(dayAfter(1))).toBeUndefined();
    expect(await repos.daily.dealOnce(dayAfter(1), async () => deal(dayAfter(1), 'later'))).toMatchObject({
      seed: 'later',
    });
  });

  test('a lone store leads', async () => {
    const repos = await fresh();
    expect(await repos.leader.lead()).toBe(true);
    expect(await repos.leader.lead()).toBe(true);
  });
}
