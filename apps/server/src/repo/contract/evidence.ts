import { expect, test } from 'vitest';
import { dayAfter, type FreshRepos, player, storeResult } from './fixtures.ts';

const DAY = dayAfter(0);
const weighed = (score: number, held: boolean, at = 5_000) => ({ version: 1, score, held, signals: '{"score":0}', at });

/** What the evidence runner and the moderators' queue ask of a store. */
export function evidenceContract(fresh: FreshRepos): void {
  test('evidence: queued once, weighed oldest first, a failure not tried again', async () => {
    const repos = await fresh();
    await repos.evidence.queue('g2', 'p', 200);
    await repos.evidence.queue('g1', 'p', 100);
    await repos.evidence.queue('g1', 'p', 300);
    expect((await repos.evidence.queued(10)).map((r) => [r.gameId, r.queuedAt, r.status, r.held])).toEqual([
      ['g1', 100, 'queued', 'no'],
      ['g2', 200, 'queued', 'no'],
    ]);
    await repos.evidence.weighed('g1', weighed(-2.5, false));
    await repos.evidence.failed('g2', 6_000);
    expect(await repos.evidence.queued(10)).toEqual([]);
    expect(await repos.evidence.get('g1')).toEqual({
      gameId: 'g1',
      playerId: 'p',
      queuedAt: 100,
      status: 'done',
      version: 1,
      score: -2.5,
      held: 'no',
      signals: '{"score":0}',
      weighedAt: 5_000,
    });
    expect(await repos.evidence.get('g2')).toMatchObject({ status: 'failed', score: null });
    expect(await repos.evidence.get('nothing')).toBeUndefined();
  });

  test("evidence: a game's tab hidden and shown again, in the server's order, apart from other games", async () => {
    const repos = await fresh();
    await repos.evidence.tabVisibility('g', 3_000, false);
    await repos.evidence.tabVisibility('g', 1_000, true);
    await repos.evidence.tabVisibility('other', 2_000, true);
    expect(await repos.evidence.tabVisibilityOf('g')).toEqual([
      { at: 1_000, hidden: true },
      { at: 3_000, hidden: false },
    ]);
    expect(await repos.evidence.tabVisibilityOf('none')).toEqual([]);
  });

  test("evidence: a player's weighed games, the latest first, for the running assessment", async () => {
    const repos = await fresh();
    for (const [i, at] of [10, 30, 20].entries()) {
      await repos.evidence.queue(`g${i}`, 'p', at);
      await repos.evidence.weighed(`g${i}`, weighed(i, false));
    }
    await repos.evidence.queue('waiting', 'p', 40);
    await repos.evidence.queue('theirs', 'q', 50);
    await repos.evidence.weighed('theirs', weighed(9, true));
    expect((await repos.evidence.recentOf('p', 2)).map((r) => r.gameId)).toEqual(['g1', 'g2']);
  });

  test('a held result leaves the board until a moderator clears it; confirmed, it stays off', async () => {
    const repos = await fresh();
    for (const id of ['a', 'b']) await player(repos, id);
    await storeResult(repos, { playerId: 'a', date: DAY, timeMs: 60_000 });
    await storeResult(repos, { playerId: 'b', date: DAY, timeMs: 90_000 });
    const board = async () => (await repos.boards.daily(DAY, 0, 10)).map((r) => [r.playerId, r.rank]);
    expect(await board()).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    const gameOfA = (await repos.boards.dailyResultOf(DAY, 'a'))!.gameId;
    await repos.evidence.queue(gameOfA, 'a', 100);
    // Queued, not yet weighed: the result stands.
    expect(await board()).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    await repos.evidence.weighed(gameOfA, weighed(7.5, true));
    expect(await board()).toEqual([['b', 1]]);
    expect(await repos.boards.dailyRankOf(DAY, 'a')).toBeUndefined();
    expect(await repos.boards.dailyRankOf(DAY, 'b')).toMatchObject({ rank: 1 });
    expect((await repos.boards.fastestWins(0, 10)).map((r) => r.playerId)).toEqual(['b']);

    expect(await repos.evidence.decide(gameOfA, 'cleared')).toBe(true);
    expect(await board()).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    // A moderator's clear undone holds it again.
    expect(await repos.evidence.decide(gameOfA, 'held')).toBe(true);
    expect(await board()).toEqual([['b', 1]]);
    expect(await repos.evidence.decide(gameOfA, 'cleared')).toBe(true);
    const gameOfB = (await repos.boards.dailyResultOf(DAY, 'b'))!.gameId;
    await repos.evidence.queue(gameOfB, 'b', 200);
    // Only a game its evidence held awaits a decision: one weighed and not held does not.
    await repos.evidence.weighed(gameOfB, weighed(1, false));
    expect(await repos.evidence.decide(gameOfB, 'confirmed')).toBe(false);
    await repos.evidence.weighed(gameOfB, weighed(9, true));
    expect(await repos.evidence.decide(gameOfB, 'confirmed')).toBe(true);
    expect(await board()).toEqual([['a', 1]]);
  });
}
