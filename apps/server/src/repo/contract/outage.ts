import { expect, test } from 'vitest';
import type { FreshRepos } from './fixtures.ts';
import { gameRow } from './fixtures.ts';
import { race, withRoom } from './ownership.ts';

const STALE = 1000;

/** The cluster's heartbeat: an outage of every process credited once, to games outside races. */
export function outageContract(fresh: FreshRepos): void {
  test('a start credits the gap since the last beat only when no process beat lately, and only once', async () => {
    const repos = await withRoom(fresh);
    expect(await repos.outage.creditOutage('node-1', 1_000, STALE)).toStrictEqual({ outageMs: 0, restartMs: 0 });
    const practice = gameRow('p1');
    await repos.games.create(practice);
    await repos.games.append(practice.id, { seq: 0, at: 1_500, action: { kind: 'undo' } });
    const { race: raceRow, games } = race('r1');
    await repos.races.create(raceRow, games);

    // Another process beat 500 ms ago: it was alive, nothing is credited but node-1's own restart
    // (to the arena deals it held: none here).
    await repos.outage.beat('node-2', 2_000);
    expect(await repos.outage.creditOutage('node-1', 2_500, STALE)).toStrictEqual({ outageMs: 0, restartMs: 1_500 });
    expect((await repos.games.get(practice.id))?.pausedMs).toBe(0);

    // Nobody beat since 2,500: the outage is credited from there (the move at 1,500 is older),
    // to the practice game alone: the race and its game are credited by their takeover.
    const twoAtOnce = await Promise.all([
      repos.outage.creditOutage('node-1', 10_000, STALE),
      repos.outage.creditOutage('node-1', 10_000, STALE),
    ]);
    expect(twoAtOnce.map((c) => c.outageMs).sort()).toEqual([0, 7_500]);
    expect((await repos.games.get(practice.id))?.pausedMs).toBe(7_500);
    expect((await repos.games.get('r1-g'))?.pausedMs).toBe(0);
    expect((await repos.races.get('r1'))?.pausedMs).toBe(0);
    expect((await repos.outage.creditOutage('node-1', 10_100, STALE)).outageMs).toBe(0);
  });
}
