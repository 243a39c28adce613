import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { totalsOf } from '../../daily/stats.ts';
import { sqliteRepos } from '../../repo/sqlite/index.ts';
import type { Repos } from '../../repo/types.ts';
import { storeDailyResult } from '../../test/results.ts';
import { freePort } from '../launcher/engines/ports.ts';
import { type RunningRedis, startRedis } from '../launcher/engines/redis.ts';
import { DailyRanks } from './daily-ranks.ts';
import { withRankUpdates } from './rank-updates.ts';
import { openRedis, type RedisLinks } from './redis-links.ts';

const DATE = '2026-03-14';
const PLAYERS = 400;

let dir: string;
let redis: RunningRedis;
let links: RedisLinks;
let stored: Repos;
let repos: Repos;
let ranks: DailyRanks;
let clock = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'daily-ranks-'));
  redis = await startRedis({ dir: join(dir, 'redis'), port: await freePort() });
  links = await openRedis(redis.url);
  stored = sqliteRepos(join(dir, 'scorpion.db'));
  ranks = new DailyRanks({ redis: links.commands, repos: stored, now: () => clock, pageSize: 64 });
  repos = withRankUpdates(stored, ranks, (error) => {
    throw error;
  });
});

afterAll(async () => {
  await links?.close();
  await stored?.close();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Player ids whose order is not their signup order, so the id tie-break is really exercised. */
const idOf = (i: number) => `p${((i * 7919) % 1000).toString().padStart(3, '0')}-${i}`;

/**
 * Many ties on purpose: a handful of times (finishing at the same instant too, so only the id
 * breaks them), winners and losers, and some results that are not on the board at all.
 */
async function storeResults(from: number, to: number): Promise<void> {
  for (let i = from; i < to; i++) {
    const playerId = idOf(i);
    await stored.players.create({ id: playerId, nickname: `N${i}`, nicknameKey: `n${i}`, tokenHash: `t${i}`, at: i });
    await storeDailyResult(repos.games, {
      date: DATE,
      playerId,
      timeMs: 60_000 + (i % 5) * 1000,
      won: i % 3 !== 0,
      verified: i % 17 !== 0,
    });
  }
}

const boardSize = () => links.commands.zcard(`board:${DATE}`);

/** Every player's rank both ways; the fast one must not have fallen back to SQL. */
async function expectRanksAgree(count: number): Promise<void> {
  const { played } = await stored.boards.dailyCounts(DATE);
  expect(await boardSize()).toBe(played);
  const sql = vi.spyOn(stored.boards, 'dailyRankOf');
  const fast = [];
  for (let i = 0; i < count; i++) fast.push(await ranks.rankOf(DATE, idOf(i)));
  expect(sql).not.toHaveBeenCalled();
  sql.mockRestore();
  const slow = [];
  for (let i = 0; i < count; i++) slow.push(await stored.boards.dailyRankOf(DATE, idOf(i)));
  expect(fast.map((r) => r && { ...r, sortKey: undefined })).toEqual(
    slow.map((r) => r && { ...r, sortKey: undefined }),
  );
  expect(fast.filter(Boolean).length).toBe(played);
}

describe('daily ranks from Redis', () => {
  it('are built from the database once and equal the SQL ranks, ties included', async () => {
    await storeResults(0, PLAYERS);
    expect(await boardSize()).toBe(0);
    // Asked with no board in Redis: the SQL rank answers while the board is rebuilt.
    const first = await ranks.rankOf(DATE, idOf(1));
    expect(first).toEqual(await stored.boards.dailyRankOf(DATE, idOf(1)));
    await ranks.rebuild(DATE);
    await expectRanksAgree(PLAYERS);
  });

  it('take in results stored after the build', async () => {
    await storeResults(PLAYERS, PLAYERS + 100);
    const { played } = await stored.boards.dailyCounts(DATE);
    await vi.waitFor(async () => expect(await boardSize()).toBe(played));
    await expectRanksAgree(PLAYERS + 100);
  });

  it('are rebuilt identical after Redis is emptied', async () => {
    const before = await links.commands.zrange(`board:${DATE}`, 0, -1);
    await links.commands.flushall();
    const sql = await stored.boards.dailyRankOf(DATE, idOf(2));
    expect(await ranks.rankOf(DATE, idOf(2))).toEqual(sql);
    await ranks.rebuild(DATE);
    expect(await links.commands.zrange(`board:${DATE}`, 0, -1)).toEqual(before);
  });

  it('are rebuilt by one process at a time', async () => {
    const other = new DailyRanks({ redis: links.commands, repos: stored, now: () => clock });
    await links.commands.del(`board:${DATE}`);
    const built = await Promise.all([ranks.rebuild(DATE), other.rebuild(DATE)]);
    expect(built.filter(Boolean)).toHaveLength(1);
    await expectRanksAgree(PLAYERS + 100);
  });

  it('answer from SQL while the board is short, and rebuild it once it stays short', async () => {
    const board = `board:${DATE}`;
    const [lost] = await links.commands.zrange(board, 0, 0);
    await links.commands.zrem(board, lost!);
    const sql = vi.spyOn(stored.boards, 'dailyRankOf');
    // A result on its way: answered from SQL, no rebuild yet.
    await ranks.rankOf(DATE, idOf(5));
    expect(sql).toHaveBeenCalledTimes(1);
    expect(await links.commands.exists(`${board}:building`)).toBe(0);
    clock += 30_000;
    // Still short half a minute on: a result that never arrived. Rebuilt.
    await ranks.rankOf(DATE, idOf(5));
    await vi.waitFor(async () => expect(await links.commands.zrank(board, lost!)).toBe(0));
    sql.mockRestore();
    await expectRanksAgree(PLAYERS + 100);
  });

  it('lose a marked player and a held game at once, and take them back when cleared', async () => {
    const board = `board:${DATE}`;
    const marked = idOf(1);
    const heldGame = (await stored.boards.dailyResultOf(DATE, idOf(2)))!.gameId;
    const before = await stored.boards.dailyCounts(DATE);
    const log = {
      id: 'log-mark',
      moderatorId: 'mod',
      action: 'mark' as const,
      playerId: marked,
      reason: 'seen',
      at: 1,
    };
    await stored.moderation.mark({ ...log, cases: [], unmarked: false, undoneAt: null, undoneBy: null }, []);
    await repos.boards.recount(marked, totalsOf);
    await stored.evidence.queue(heldGame, idOf(2), 1);
    await stored.evidence.weighed(heldGame, { version: 1, score: 9, held: true, signals: '{}', at: 2 });
    await repos.boards.recount(idOf(2), totalsOf);
    // Not at the next rebuild: now, and the ranks still come from Redis (the sizes agree).
    expect(await boardSize()).toBe(before.played - 2);
    expect(await ranks.rankOf(DATE, marked)).toBeUndefined();
    expect(await links.commands.exists(`${board}:building`)).toBe(0);
    await expectRanksAgree(PLAYERS + 100);

    await stored.evidence.decide(heldGame, 'cleared');
    await repos.boards.recount(idOf(2), totalsOf);
    expect(await boardSize()).toBe(before.played - 1);
    await expectRanksAgree(PLAYERS + 100);
  });
});
