import { afterEach, expect, test, vi } from 'vitest';
import { startClusterHeartbeat } from './downtime.ts';
import { arenaRow, gameRow } from './repo/contract/fixtures.ts';
import { sqliteRepos } from './repo/sqlite/index.ts';
import type { Repos } from './repo/types.ts';

const TICK = 250;
const opened: Repos[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const repos of opened.splice(0)) await repos.close();
});

/** A store whose one arena deal, `g` (closing at 400,000), is held by `node-a`. */
async function dealHeldByNodeA(): Promise<Repos> {
  const repos = sqliteRepos(':memory:');
  opened.push(repos);
  await repos.arenas.ensure(arenaRow('p-aaaaaaaaaaaa'));
  await repos.games.create(
    gameRow('p1', { id: 'g', kind: 'arena', arenaId: 'p-aaaaaaaaaaaa', arenaDeal: 1, closesAt: 400_000 }),
    'node-a',
  );
  return repos;
}

test("a live process's sweep takes a dead one's arena deals, crediting the time since its last beat, once", async () => {
  vi.useFakeTimers({ now: 100_000 });
  const repos = await dealHeldByNodeA();
  const takenBy = { a: [] as string[], b: [] as string[] };
  const a = await startClusterHeartbeat(repos, 'node-a', Date.now, TICK, (ids) => takenBy.a.push(...ids));
  const b = await startClusterHeartbeat(repos, 'node-b', Date.now, TICK, (ids) => takenBy.b.push(...ids));
  await vi.advanceTimersByTimeAsync(2 * TICK);
  // node-a stops beating (its last beat at 100,500: it died); node-b goes on.
  await a.stop();
  await vi.advanceTimersByTimeAsync(3 * TICK);
  expect(takenBy.b).toStrictEqual([]);
  // Its beat is four ticks old at 101,500: node-b's next sweep, at 101,750, takes its deal.
  await vi.advanceTimersByTimeAsync(TICK);
  expect(takenBy.b).toStrictEqual([]);
  await vi.advanceTimersByTimeAsync(TICK);
  expect(takenBy.b).toStrictEqual(['g']);
  const row = (await repos.games.get('g'))!;
  expect([row.pausedMs, row.closesAt]).toStrictEqual([1_250, 401_250]);
  expect((await repos.outage.holderOf('g'))?.nodeId).toBe('node-b');
  await vi.advanceTimersByTimeAsync(10 * TICK);
  expect(takenBy.b).toStrictEqual(['g']);
  expect((await repos.games.get('g'))?.pausedMs).toBe(1_250);
  await b.stop();
});

test("a process started again under its NODE_ID within a second credits its previous run's deals the gap, as a death, once", async () => {
  vi.useFakeTimers({ now: 100_000 });
  const repos = await dealHeldByNodeA();
  const takenByB: string[] = [];
  const a = await startClusterHeartbeat(repos, 'node-a', Date.now, TICK);
  const b = await startClusterHeartbeat(repos, 'node-b', Date.now, TICK, (ids) => takenByB.push(...ids));
  await vi.advanceTimersByTimeAsync(2 * TICK);
  // node-a stops at 100,500 and its next run starts 600 ms later: no beat of it went stale.
  await a.stop();
  await vi.advanceTimersByTimeAsync(600);
  const again = await startClusterHeartbeat(repos, 'node-a', Date.now, TICK);
  expect(again.credited).toStrictEqual({ outageMs: 0, restartMs: 600 });
  const row = (await repos.games.get('g'))!;
  expect([row.pausedMs, row.closesAt]).toStrictEqual([600, 400_600]);
  expect((await repos.outage.holderOf('g'))?.nodeId).toBe('node-a');
  await vi.advanceTimersByTimeAsync(10 * TICK);
  expect(takenByB).toStrictEqual([]);
  expect((await repos.games.get('g'))?.pausedMs).toBe(600);
  await again.stop();
  await b.stop();
});
