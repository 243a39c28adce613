import type { Move } from '@scorpion/rules';
import { afterEach, expect, test, vi } from 'vitest';
import { ChallengePolicy } from '../challenges/policy.ts';
import { DailyPolicy } from '../daily/policy.ts';
import { acceptEveryDeal } from '../deals/certify.ts';
import { takeDeal } from '../downtime-takeover.ts';
import { PracticePolicy } from '../games/practice.ts';
import { GameService } from '../games/service.ts';
import { RacePolicy } from '../races/policy.ts';
import { arenaRow, gameRow } from '../repo/contract/fixtures.ts';
import { sqliteRepos } from '../repo/sqlite/index.ts';
import type { Repos } from '../repo/types.ts';
import { WINNING } from '../test/deals.ts';
import { TEST_SECRET } from '../test/helper.ts';
import { ArenaDeals } from './deal-sequence.ts';
import { ArenaPolicy } from './policy.ts';
import { ArenaService } from './service.ts';

const TICK = 250;
const ARENA = 'p-aaaaaaaaaaaa';
const first: Move = WINNING.moves[0]!;
const second: Move = WINNING.moves[1]!;
const opened: Repos[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const repos of opened.splice(0)) await repos.close();
});

/**
 * node-b's arenas and games on fake timers, at 10,100: p1's deal `g` of a 10-minute arena (its
 * limit 301,000) is held by node-a, which beat last at 10,000 and beats on every tick if it
 * lives. p1's socket has landed on node-b, which never saw the arena, and sends moves without a
 * join. node-b waits for the holder's beats on the timers, as the app does.
 */
async function nodeB(aLives: boolean, holder = 'node-a') {
  // setImmediate stays real: SQLite's group commit of the moves runs on it.
  vi.useFakeTimers({ now: 10_100, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  const repos = sqliteRepos(':memory:');
  opened.push(repos);
  await repos.arenas.ensure(arenaRow(ARENA));
  await repos.games.create(
    gameRow('p1', { id: 'g', kind: 'arena', arenaId: ARENA, arenaDeal: 1, closesAt: 301_000 }),
    holder,
  );
  await repos.outage.beat('node-a', 10_000);
  if (aLives) setInterval(() => void repos.outage.beat('node-a', Date.now()), TICK);
  const games = new GameService(repos.games, Date.now, {
    practice: new PracticePolicy(repos.hints),
    challenge: new ChallengePolicy(),
    daily: new DailyPolicy(repos),
    race: new RacePolicy(repos.races),
    arena: new ArenaPolicy(repos.arenas),
  });
  const arenas = new ArenaService({
    repos,
    games,
    deals: new ArenaDeals(TEST_SECRET, acceptEveryDeal, repos.arenas),
    now: Date.now,
    send: () => {},
    sendFrame: () => {},
    connected: () => false,
    clustered: true,
    log: (error) => {
      throw error;
    },
  });
  const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
  const take = (gameId: string) =>
    takeDeal(repos.outage, gameId, { nodeId: 'node-b', now: Date.now, tickMs: TICK, staleMs: 4 * TICK, wait });
  arenas.holdAs({ nodeId: 'node-b', take });
  const stored = async () => {
    const row = (await repos.games.get('g'))!;
    return { pausedMs: row.pausedMs, closesAt: row.closesAt, actions: (await repos.games.actions('g')).length };
  };
  return { repos, games, arenas, stored };
}

test("a move sent without a join to a dead holder's deal waits until its beat is stale, takes the deal credited, then is acknowledged", async () => {
  const { repos, games, arenas, stored } = await nodeB(false);
  let acked = false;
  const acting = games.act('p1', 'g', 0, first).then((a) => {
    acked = true;
    return a;
  });
  await vi.advanceTimersByTimeAsync(3 * TICK);
  expect(acked).toBe(false);
  expect(await stored()).toStrictEqual({ pausedMs: 0, closesAt: 301_000, actions: 0 });
  await vi.advanceTimersByTimeAsync(TICK);
  // node-a's beat of 10,000 was a second old at 11,100: credited from there, once.
  expect(await acting).toMatchObject({ ok: true, seq: 1, duplicate: false });
  expect(await stored()).toStrictEqual({ pausedMs: 1_100, closesAt: 302_100, actions: 1 });
  expect((await repos.outage.holderOf('g'))?.nodeId).toBe('node-b');
  // The arena runs the deal here now, by its moved limit; the next move takes nothing more.
  expect(new Map(arenas.cached(ARENA)?.held()).get('g')?.window.closesAt).toBe(302_100);
  expect(await games.act('p1', 'g', 1, second)).toMatchObject({ ok: true, seq: 2 });
  expect(await stored()).toStrictEqual({ pausedMs: 1_100, closesAt: 302_100, actions: 2 });
});

test('moves sent without a join to a live holder take the deal at its next beat, credit nothing, and keep their order', async () => {
  const { repos, games, stored } = await nodeB(true);
  const both = Promise.all([games.act('p1', 'g', 0, first), games.act('p1', 'g', 1, second)]);
  await vi.advanceTimersByTimeAsync(TICK);
  expect(await both).toMatchObject([
    { ok: true, seq: 1 },
    { ok: true, seq: 2 },
  ]);
  expect(await stored()).toStrictEqual({ pausedMs: 0, closesAt: 301_000, actions: 2 });
  expect((await repos.outage.holderOf('g'))?.nodeId).toBe('node-b');
});

test("another player's move takes nothing; the holder's own moves wait for nothing", async () => {
  const { repos, games, stored } = await nodeB(false, 'node-b');
  expect(await games.act('p2', 'g', 0, first)).toMatchObject({ ok: false, code: 'not-your-game' });
  expect(await games.act('p1', 'g', 0, first)).toMatchObject({ ok: true, seq: 1 });
  expect(await games.giveUp('p1', 'g')).toMatchObject({ ok: true, game: { status: 'gave-up' } });
  expect(await stored()).toStrictEqual({ pausedMs: 0, closesAt: 301_000, actions: 1 });
  expect(await repos.outage.holderOf('g')).toBeUndefined();
});
