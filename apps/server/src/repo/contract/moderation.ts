import { expect, test } from 'vitest';
import { type HeldGames, ModerationService } from '../../moderation/service.ts';
import { rateRace, shownRating } from '../../ratings/model.ts';
import type { Repos } from '../types.ts';
import { type FreshRepos, player, storeResult } from './fixtures.ts';
import { race, results } from './ratings.ts';

const DAY = 86_400_000;
const NOW = 30 * DAY;

/** Rated races ending at `at`, each in the order given (the first wins). */
async function rated(repos: Repos, at: number, ...orders: string[][]): Promise<void> {
  for (const [i, order] of orders.entries()) {
    const id = `r${at}-${i}`;
    await repos.races.create(race(id, `C${at}${i}`), []);
    await repos.races.finish(id, at, results(id, order), undefined, (before) => rateRace(results(id, order), before));
  }
}

const shown = async (repos: Repos, id: string) => shownRating((await repos.ratings.of([id]))[0]!.mu);

/** The games a moderator's clear put back on the board, and the ones held again. */
class Board implements HeldGames {
  readonly held = new Set<string>();
  async release(gameId: string) {
    this.held.delete(gameId);
  }
  async hold(gameId: string) {
    this.held.add(gameId);
  }
}

/** Reports, the queue, marks, refunds, clears, undo and appeals, as any store must keep them. */
export function moderationContract(fresh: FreshRepos): void {
  test('report → queue → mark → refund → clear (refund taken back) → undo → appeal', async () => {
    const repos = await fresh();
    for (const id of ['cheat', 'ann', 'bob', 'cy', 'mod']) await player(repos, id);
    // Long ago, Cy lost to the cheat: outside the 5 days, owed nothing.
    await rated(repos, NOW - 6 * DAY, ['cheat', 'cy']);
    // Within the 5 days: the cheat beat Ann twice and Bob once; Ann beat the cheat once.
    await rated(repos, NOW - 2 * DAY, ['cheat', 'ann', 'bob'], ['ann', 'cheat'], ['cheat', 'ann']);
    const board = new Board();
    board.held.add('g-held');
    let now = NOW;
    const moderation = new ModerationService(repos, () => now, board);
    expect(await repos.moderation.grant('mod', 1)).toBe('ok');
    expect(await repos.moderation.grant('mod', 2)).toBe('already');
    expect(await moderation.isModerator('mod')).toBe(true);
    expect(await moderation.isModerator('ann')).toBe(false);

    const report = { playerId: 'cheat', reason: 'saw-hidden-cards', source: 'race', raceId: 'r1' } as const;
    expect(await moderation.report('ann', { ...report, note: 'Never once guessed wrong' })).toMatchObject({ ok: true });
    expect(await moderation.report('ann', report)).toMatchObject({ ok: false, code: 'report-open' });
    expect(await moderation.report('ann', { ...report, playerId: 'ann' })).toMatchObject({ code: 'report-self' });
    expect(await moderation.report('ann', { ...report, playerId: 'ghost' })).toMatchObject({ code: 'not-found' });
    now += 1;
    expect(await moderation.report('bob', { ...report, reason: 'program', source: 'profile' })).toMatchObject({
      ok: true,
    });
    now += 1;
    const summary = 'Clairvoyance 9.1 (threshold 6): 14 of 15 guesses right';
    expect(await moderation.enqueueHeld({ playerId: 'cheat', gameId: 'g-held', summary })).toBe('ok');
    expect(await moderation.enqueueHeld({ playerId: 'cheat', gameId: 'g-held', summary })).toBe('open');

    const queue = await moderation.queue();
    expect(queue.map((e) => [e.kind, e.nickname, e.reporterNickname, e.note])).toStrictEqual([
      ['report', 'N cheat', 'N ann', 'Never once guessed wrong'],
      ['report', 'N cheat', 'N bob', null],
      ['held', 'N cheat', null, null],
    ]);
    expect(queue[2]).toMatchObject({ gameId: 'g-held', summary, marked: false });

    const before = { ann: await shown(repos, 'ann'), bob: await shown(repos, 'bob'), cy: await shown(repos, 'cy') };
    now += 1_000;
    expect(await moderation.mark('mod', 'cheat', 'Knew every hidden card')).toStrictEqual({ ok: true });
    expect(await moderation.mark('mod', 'cheat', 'again')).toMatchObject({ code: 'already-marked' });
    expect(await repos.moderation.isMarked('cheat')).toBe(true);
    const annRefund = (await repos.moderation.refundsOf('ann'))[0]!;
    const bobRefund = (await repos.moderation.refundsOf('bob'))[0]!;
    expect(annRefund.points).toBeGreaterThan(0);
    expect(bobRefund.points).toBeGreaterThan(0);
    expect(annRefund.points).toBeLessThanOrEqual(150);
    expect(Math.abs((await shown(repos, 'ann')) - (before.ann + annRefund.points))).toBeLessThanOrEqual(1);
    expect(Math.abs((await shown(repos, 'bob')) - (before.bob + bobRefund.points))).toBeLessThanOrEqual(1);
    expect(await shown(repos, 'cy')).toBe(before.cy);
    expect(await repos.moderation.refundsOf('cy')).toStrictEqual([]);
    // Every entry about the cheat closed with the mark; a held game stays held (confirmed).
    expect(await moderation.queue()).toStrictEqual([]);
    expect(board.held.has('g-held')).toBe(true);

    // Each reporter is told once, on their next visit; the marked player is told too.
    expect(await moderation.notices('ann')).toMatchObject({ mark: null, actioned: [{ nickname: 'N cheat' }] });
    expect((await moderation.notices('ann')).actioned).toStrictEqual([]);
    expect(await moderation.notices('cheat')).toStrictEqual({ mark: { at: now, appealed: false }, actioned: [] });

    // The marked player appeals, once, into the queue.
    expect(await moderation.appeal('ann', undefined)).toMatchObject({ code: 'not-marked' });
    now += 1_000;
    expect(await moderation.appeal('cheat', 'I just guess well')).toStrictEqual({ ok: true });
    expect(await moderation.appeal('cheat', 'Please')).toMatchObject({ code: 'appeal-used' });
    expect((await moderation.queue()).map((e) => [e.kind, e.note, e.marked])).toStrictEqual([
      ['appeal', 'I just guess well', true],
    ]);

    // A clear lifts the mark, takes the refunds back, closes the appeal, puts the held game back.
    now += 1_000;
    expect(await moderation.clear('mod', 'cheat', 'The appeal convinced me')).toStrictEqual({ ok: true });
    expect(await repos.moderation.isMarked('cheat')).toBe(false);
    expect(await repos.moderation.refundsOf('ann')).toStrictEqual([]);
    expect(await shown(repos, 'ann')).toBe(before.ann);
    expect(await shown(repos, 'bob')).toBe(before.bob);
    expect(await moderation.queue()).toStrictEqual([]);
    expect(board.held.has('g-held')).toBe(false);

    const log = await moderation.log(0, 10);
    expect(log.map((l) => [l.action, l.nickname, l.moderatorNickname, l.reason])).toStrictEqual([
      ['clear', 'N cheat', 'N mod', 'The appeal convinced me'],
      ['mark', 'N cheat', 'N mod', 'Knew every hidden card'],
    ]);

    // Undo the clear: marked again, refunded again, the appeal back in the queue.
    now += 1_000;
    expect(await moderation.undo('mod', log[0]!.id)).toStrictEqual({ ok: true });
    expect(await moderation.undo('mod', log[0]!.id)).toMatchObject({ code: 'undo-refused' });
    expect(await repos.moderation.isMarked('cheat')).toBe(true);
    expect((await repos.moderation.refundsOf('ann'))[0]!.points).toBe(annRefund.points);
    expect((await moderation.queue()).map((e) => e.kind)).toStrictEqual(['appeal']);
    expect(board.held.has('g-held')).toBe(true);

    // Undo the mark itself (the latest action standing now): nothing of it remains.
    expect(await moderation.undo('mod', log[1]!.id)).toStrictEqual({ ok: true });
    expect(await repos.moderation.isMarked('cheat')).toBe(false);
    expect(await shown(repos, 'ann')).toBe(before.ann);
    expect(await moderation.undo('mod', 'nothing')).toMatchObject({ code: 'not-found' });
    expect((await moderation.log(0, 10)).map((l) => [l.action, l.undoneAt !== null])).toStrictEqual([
      ['clear', true],
      ['mark', true],
    ]);
  });

  test('a dismissed report closes alone, can be undone, and then a new report is refused while it is open', async () => {
    const repos = await fresh();
    for (const id of ['a', 'b', 'mod']) await player(repos, id);
    const moderation = new ModerationService(repos, () => NOW);
    await repos.moderation.grant('mod', 1);
    const report = { playerId: 'b', reason: 'offensive-name', source: 'profile' } as const;
    await moderation.report('a', report);
    const [entry] = await moderation.queue();
    expect(await moderation.dismiss('mod', entry!.id, 'A fine name')).toStrictEqual({ ok: true });
    expect(await moderation.dismiss('mod', entry!.id, 'again')).toMatchObject({ code: 'case-closed' });
    expect(await moderation.dismiss('mod', 'nothing', 'x')).toMatchObject({ code: 'not-found' });
    expect(await repos.moderation.isMarked('b')).toBe(false);
    // Dismissed is no action: the reporter is not told of it.
    expect((await moderation.notices('a')).actioned).toStrictEqual([]);
    const [dismissal] = await moderation.log(0, 1);
    expect(dismissal).toMatchObject({ action: 'dismiss', playerId: 'b', cases: [entry!.id] });
    expect(await moderation.undo('mod', dismissal!.id)).toStrictEqual({ ok: true });
    expect((await moderation.queue()).map((e) => e.id)).toStrictEqual([entry!.id]);
    expect(await moderation.report('a', report)).toMatchObject({ code: 'report-open' });
    expect(await repos.moderation.revoke('mod')).toBe(true);
    expect(await repos.moderation.revoke('mod')).toBe(false);
    expect(await moderation.isModerator('mod')).toBe(false);
  });

  test("a marked player's results leave every board, and come back when cleared", async () => {
    const repos = await fresh();
    for (const id of ['cheat', 'ann', 'mod']) await player(repos, id);
    const date = '2026-06-02';
    await storeResult(repos, { playerId: 'cheat', date, timeMs: 40_000 });
    await storeResult(repos, { playerId: 'ann', date, timeMs: 90_000 });
    await rated(repos, NOW - DAY, ['cheat', 'ann']);
    const moderation = new ModerationService(repos, () => NOW);
    const boards = async () => ({
      daily: (await repos.boards.daily(date, 0, 10)).map((r) => [r.playerId, r.rank]),
      order: (await repos.boards.dailyOrder(date, undefined, 10)).map((k) => k.playerId),
      annRank: (await repos.boards.dailyRankOf(date, 'ann'))?.rank,
      cheatRank: (await repos.boards.dailyRankOf(date, 'cheat'))?.rank,
      mostWins: (await repos.boards.mostWins(0, 10)).map((r) => r.playerId),
      streaks: (await repos.boards.longestStreaks(0, 10)).map((r) => r.playerId),
      fastest: (await repos.boards.fastestWins(0, 10)).map((r) => r.playerId),
      ratings: (await repos.ratings.board(0, 10)).map((r) => r.playerId),
    });
    const everyone = await boards();
    expect(everyone).toStrictEqual({
      daily: [
        ['cheat', 1],
        ['ann', 2],
      ],
      order: ['cheat', 'ann'],
      annRank: 2,
      cheatRank: 1,
      mostWins: ['cheat', 'ann'],
      streaks: ['cheat', 'ann'],
      fastest: ['cheat', 'ann'],
      ratings: ['cheat', 'ann'],
    });
    await moderation.mark('mod', 'cheat', 'Scouted the deal');
    expect(await boards()).toStrictEqual({
      daily: [['ann', 1]],
      order: ['ann'],
      annRank: 1,
      cheatRank: undefined,
      mostWins: ['ann'],
      streaks: ['ann'],
      fastest: ['ann'],
      ratings: ['ann'],
    });
    await moderation.clear('mod', 'cheat', 'Mistaken');
    expect(await boards()).toStrictEqual(everyone);
  });
}
