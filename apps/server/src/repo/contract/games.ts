import { expect, test } from 'vitest';
import { dailyFinish } from '../../daily/stats.ts';
import { SeqTakenError } from '../errors.ts';
import type { RaceRow, StoredAction } from '../types.ts';
import { dayAfter, type FreshRepos, gameRow, player, storeResult } from './fixtures.ts';

const action = (seq: number): StoredAction => ({
  seq,
  at: 2_000 + seq,
  action: { kind: 'move', from: 0, row: 4, to: 1 },
});

/** Games, their actions and their ends, as any store must keep them. */
export function gamesContract(fresh: FreshRepos): void {
  test('actions are stored in order; a taken move number is a SeqTakenError and changes nothing', async () => {
    const repos = await fresh();
    const row = gameRow('a');
    await repos.games.create(row);
    expect(await repos.games.get(row.id)).toStrictEqual(row);
    await repos.games.append(row.id, action(0));
    await expect(repos.games.append(row.id, { ...action(0), at: 9 })).rejects.toBeInstanceOf(SeqTakenError);
    // In one group too: the taken one fails, the others are stored.
    const [again, next, other] = await Promise.allSettled([
      repos.games.append(row.id, action(0)),
      repos.games.append(row.id, action(1)),
      repos.games.append(row.id, action(2)),
    ]);
    expect(again).toMatchObject({ status: 'rejected', reason: { gameId: row.id, seq: 0 } });
    expect(next.status).toBe('fulfilled');
    expect(other.status).toBe('fulfilled');
    // Two of one new number in one group: one is stored.
    const twice = await Promise.allSettled([
      repos.games.append(row.id, action(3)),
      repos.games.append(row.id, action(3)),
    ]);
    expect(twice.map((t) => t.status).sort()).toStrictEqual(['fulfilled', 'rejected']);
    expect(await repos.games.actions(row.id)).toStrictEqual([action(0), action(1), action(2), action(3)]);
  });

  test('a game ends once, with its daily result counted once', async () => {
    const repos = await fresh();
    await player(repos, 'a');
    const row = gameRow('a', { kind: 'daily', dailyDate: dayAfter(0), ranked: true });
    await repos.games.create(row);
    expect(await repos.games.unfinishedOf('a')).toStrictEqual([{ id: row.id, kind: 'daily', roomCode: null }]);
    expect(await repos.games.openDailiesBefore(dayAfter(1))).toStrictEqual([row.id]);
    const end = {
      status: 'won',
      finishedAt: 5_000,
      timeMs: 4_000,
      seq: 3,
      moves: 3,
      undos: 0,
      progress: 104,
      faceDown: 0,
    };
    const result = {
      date: dayAfter(0),
      playerId: 'a',
      gameId: row.id,
      won: true,
      timeMs: 4_000,
      moves: 3,
      progress: 104,
      faceDown: 0,
      verified: true,
      finishedAt: 5_000,
    };
    expect(await repos.games.finish(row.id, { ...end, status: 'won' }, dailyFinish(result))).toBe(true);
    expect(await repos.games.finish(row.id, { ...end, status: 'won' }, dailyFinish(result))).toBe(false);
    expect(await repos.games.get(row.id)).toMatchObject({ status: 'won', finishedAt: 5_000, timeMs: 4_000, seq: 3 });
    expect(await repos.games.unfinishedOf('a')).toStrictEqual([]);
    expect(await repos.games.dailyOf('a', dayAfter(0))).toStrictEqual([{ id: row.id, status: 'won', ranked: true }]);
    expect(await repos.boards.dailyCounts(dayAfter(0))).toStrictEqual({ played: 1, won: 1 });
    expect((await repos.boards.statsOf(['a']))[0]).toMatchObject({ dailyPlayed: 1, dailyWins: 1 });
  });

  test('many results finishing at once lose no update of the totals or the counts', async () => {
    const repos = await fresh();
    const days = 40;
    await player(repos, 'busy');
    for (let i = 0; i < days; i++) await player(repos, `q${i}`);
    // One player's results on many days, and many players' results on one day, all at once.
    await Promise.all([
      ...Array.from({ length: days }, (_, i) =>
        storeResult(repos, { playerId: 'busy', date: dayAfter(i), timeMs: 9_000 + i }),
      ),
      ...Array.from({ length: days }, (_, i) =>
        storeResult(repos, { playerId: `q${i}`, date: dayAfter(100), timeMs: 9_000, won: i % 2 === 0 }),
      ),
    ]);
    expect((await repos.boards.statsOf(['busy']))[0]).toMatchObject({
      dailyPlayed: days,
      dailyWins: days,
      bestTimeMs: 9_000,
    });
    expect(await repos.boards.dailyCounts(dayAfter(100))).toStrictEqual({ played: days, won: days / 2 });
    expect(await repos.boards.dailyWinTimes(dayAfter(100))).toStrictEqual([[5_000, days / 2]]);
  });

  test('downtime is added to open games and races, never less than nothing', async () => {
    const repos = await fresh();
    const open = gameRow('a');
    const done = gameRow('a');
    const race = {
      id: 'r1',
      code: 'ABCD',
      number: 1,
      seed: 's',
      startsAt: 0,
      pausedMs: 0,
      timeLimit: 0,
      status: 'racing',
      finishedAt: null,
      rated: false,
      series: null,
    } satisfies RaceRow;
    const racer = gameRow('b', { kind: 'race', raceId: 'r1' });
    await repos.games.create(open);
    await repos.games.create(done);
    await repos.races.create(race, [racer]);
    await repos.games.append(racer.id, { ...action(0), at: 60_000 });
    await repos.games.finish(done.id, {
      status: 'gave-up',
      finishedAt: 1,
      timeMs: 1,
      seq: 0,
      moves: 0,
      undos: 0,
      progress: 0,
      faceDown: 0,
    });
    // Last alive at 50 s; the racer's last move at 60 s; now 100 s.
    await repos.games.addDowntime(100_000, 50_000);
    expect((await repos.games.get(open.id))?.pausedMs).toBe(50_000);
    expect((await repos.games.get(racer.id))?.pausedMs).toBe(40_000);
    expect((await repos.games.get(done.id))?.pausedMs).toBe(0);
    expect((await repos.races.get('r1'))?.pausedMs).toBe(40_000);
    // A clock set back: nothing taken off.
    await repos.games.addDowntime(10_000, 50_000);
    expect((await repos.games.get(open.id))?.pausedMs).toBe(50_000);
  });
}
