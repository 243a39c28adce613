import { afterEach, expect, test } from 'vitest';
import { takeDeal } from './downtime-takeover.ts';
import { arenaRow, gameRow } from './repo/contract/fixtures.ts';
import { sqliteRepos } from './repo/sqlite/index.ts';
import type { Repos } from './repo/types.ts';

const TICK = 250;
const STALE = 4 * TICK;
const opened: Repos[] = [];
afterEach(async () => {
  for (const repos of opened.splice(0)) await repos.close();
});

/**
 * node-a holds an arena deal (a 10-minute arena from 1,000) and beat last at 10,000; node-b is
 * about to serve it at 10,100. The clock moves only when the takeover waits: a tick a wait, and
 * each tick the live processes beat (node-a too, unless it died; `restarts`: it died, and starts
 * again under its NODE_ID at the second wait's end, 10,600).
 */
async function setUp(aLives: boolean | 'restarts') {
  const repos = sqliteRepos(':memory:');
  opened.push(repos);
  await repos.arenas.ensure(arenaRow('p-aaaaaaaaaaaa'));
  const deal = gameRow('p1', { id: 'g', kind: 'arena', arenaId: 'p-aaaaaaaaaaaa', arenaDeal: 1, closesAt: 301_000 });
  await repos.games.create(deal, 'node-a');
  await repos.outage.beat('node-a', 10_000);
  await repos.outage.beat('node-b', 10_000);
  let time = 10_100;
  const waits: number[] = [];
  const wait = async (ms: number) => {
    waits.push(ms);
    time += ms;
    await repos.outage.beat('node-b', time);
    if (aLives === true || (aLives === 'restarts' && waits.length > 2)) await repos.outage.beat('node-a', time);
    if (aLives === 'restarts' && waits.length === 2) await repos.outage.creditOutage('node-a', time, STALE);
  };
  const take = () =>
    takeDeal(repos.outage, 'g', { nodeId: 'node-b', now: () => time, tickMs: TICK, staleMs: STALE, wait });
  return { repos, take, waits, now: () => time };
}

test('a deal whose holder died is taken once its beat is stale, credited the time since that beat', async () => {
  const { repos, take, waits, now } = await setUp(false);
  expect(await take()).toBe(true);
  // Waited until node-a's beat of 10,000 was a second old: 10,100 + 4 ticks = 11,100.
  expect(waits).toStrictEqual([TICK, TICK, TICK, TICK]);
  expect(now()).toBe(11_100);
  const row = (await repos.games.get('g'))!;
  expect([row.pausedMs, row.closesAt]).toStrictEqual([1_100, 302_100]);
  expect(await repos.outage.holderOf('g')).toStrictEqual({ nodeId: 'node-b', beatAt: 11_100 });
  // Served here now: nothing more to take, nothing more credited.
  expect(await take()).toBe(false);
  expect((await repos.games.get('g'))?.pausedMs).toBe(1_100);
});

test('a deal whose holder lives (the socket moved) is taken at its next beat, and nothing is credited', async () => {
  const { repos, take, waits } = await setUp(true);
  expect(await take()).toBe(true);
  expect(waits).toStrictEqual([TICK]);
  const row = (await repos.games.get('g'))!;
  expect([row.pausedMs, row.closesAt]).toStrictEqual([0, 301_000]);
  expect((await repos.outage.holderOf('g'))?.nodeId).toBe('node-b');
});

test('a holder started again under its NODE_ID while the takeover waits: its start credits the gap, the takeover nothing more', async () => {
  const { repos, take, waits } = await setUp('restarts');
  expect(await take()).toBe(true);
  // Its beat moved on at 10,600, by its new run: taken from it as from a live holder.
  expect(waits).toStrictEqual([TICK, TICK]);
  const row = (await repos.games.get('g'))!;
  expect([row.pausedMs, row.closesAt]).toStrictEqual([600, 301_600]);
  expect((await repos.outage.holderOf('g'))?.nodeId).toBe('node-b');
});
