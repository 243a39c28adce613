import { expect, test } from 'vitest';
import type { Repos } from '../types.ts';
import { arenaRow, type FreshRepos, gameRow } from './fixtures.ts';

const STALE = 4_000;

/**
 * Deals of three processes: node-a beat last at 100,000 and died; node-b and node-c beat on. Each
 * deal names its holder; one of node-a's was moved at 101,000 (after its last beat), one ends
 * with its arena at 450,000, one is over.
 */
async function dealsOfThree(repos: Repos) {
  await repos.arenas.ensure(arenaRow('p-longlonglong'));
  await repos.arenas.ensure(arenaRow('p-shortshortsh', { endsAt: 450_000 }));
  const deal = (id: string, arenaId: string, closesAt: number) =>
    gameRow(`p-${id}`, { id, kind: 'arena', arenaId, arenaDeal: 1, startedAt: 90_000, closesAt });
  const held: [ReturnType<typeof deal>, string][] = [
    [deal('own-1', 'p-longlonglong', 400_000), 'node-a'],
    [deal('cut-2', 'p-shortshortsh', 448_000), 'node-a'],
    [deal('act-3', 'p-longlonglong', 400_000), 'node-a'],
    [deal('won-4', 'p-longlonglong', 400_000), 'node-a'],
    [deal('live-5', 'p-longlonglong', 400_000), 'node-b'],
  ];
  for (const [row, node] of held) await repos.games.create(row, node);
  await repos.games.create(gameRow('p1', { id: 'practice' }));
  await repos.games.append('act-3', { seq: 0, at: 101_000, action: { kind: 'undo' } });
  await repos.games.finish('won-4', {
    status: 'won',
    finishedAt: 95_000,
    timeMs: 5_000,
    seq: 1,
    moves: 1,
    undos: 0,
    progress: 104,
    faceDown: 0,
  });
  await repos.outage.beat('node-a', 100_000);
  await repos.outage.beat('node-b', 104_500);
  await repos.outage.beat('node-c', 104_500);
  return async () =>
    Object.fromEntries(
      await Promise.all(
        ['own-1', 'cut-2', 'act-3', 'won-4', 'live-5', 'practice'].map(async (id) => {
          const row = (await repos.games.get(id))!;
          return [id, [row.pausedMs, row.closesAt]];
        }),
      ),
    );
}

/** The arena deals a process serves, taken over when it dies: credited once, within the arena's end. */
export function dealTakeoverContract(fresh: FreshRepos): void {
  test("a dead process's deals are swept up once by two live ones at once, credited from its last beat (or a later action), never past the arena end; nothing else moves", async () => {
    const repos = await fresh();
    const read = await dealsOfThree(repos);
    const swept = await Promise.all([
      repos.outage.takeAbandoned('node-b', 105_000, STALE),
      repos.outage.takeAbandoned('node-c', 105_000, STALE),
    ]);
    expect(swept.flat().sort()).toStrictEqual(['act-3', 'cut-2', 'own-1']);
    expect(await read()).toStrictEqual({
      'own-1': [5_000, 405_000],
      'cut-2': [5_000, 450_000],
      'act-3': [4_000, 404_000],
      'won-4': [0, 400_000],
      'live-5': [0, 400_000],
      practice: [0, null],
    });
    expect((await repos.outage.holderOf('own-1'))?.nodeId).toMatch(/^node-[bc]$/);
    expect(await repos.outage.takeAbandoned('node-b', 106_000, STALE)).toStrictEqual([]);
    expect((await repos.games.get('own-1'))?.pausedMs).toBe(5_000);
  });

  test('a deal about to be served is taken from its holder as read, once: credited when the holder died, as it is when it lives', async () => {
    const repos = await fresh();
    const read = await dealsOfThree(repos);
    const dead = (await repos.outage.holderOf('own-1'))!;
    expect(dead).toStrictEqual({ nodeId: 'node-a', beatAt: 100_000 });
    const twoAtOnce = await Promise.all([
      repos.outage.take('own-1', 'node-b', dead, dead.beatAt, 105_000),
      repos.outage.take('own-1', 'node-c', dead, dead.beatAt, 105_000),
    ]);
    expect(twoAtOnce.sort()).toStrictEqual([false, true]);
    const now = (await repos.outage.holderOf('own-1'))!;
    expect(now.nodeId).toMatch(/^node-[bc]$/);

    // From a live holder (the player's socket moved): taken, nothing credited; a holder read
    // before it changed hands takes nothing.
    expect(await repos.outage.take('own-1', 'node-a', dead, null, 106_000)).toBe(false);
    expect(await repos.outage.take('live-5', 'node-c', { nodeId: 'node-b', beatAt: 104_500 }, null, 106_000)).toBe(
      true,
    );
    // node-a came back (its beat moved on): what was judged of its old beat no longer holds.
    await repos.outage.beat('node-a', 106_000);
    expect(await repos.outage.take('cut-2', 'node-b', dead, dead.beatAt, 106_500)).toBe(false);
    // A deal over, or a game that is no arena deal, has no holder and is not taken.
    expect(await repos.outage.holderOf('won-4')).toBeUndefined();
    expect(await repos.outage.holderOf('practice')).toBeUndefined();
    expect(await repos.outage.take('won-4', 'node-b', dead, dead.beatAt, 106_500)).toBe(false);
    expect(await read()).toStrictEqual({
      'own-1': [5_000, 405_000],
      'cut-2': [0, 448_000],
      'act-3': [0, 400_000],
      'won-4': [0, 400_000],
      'live-5': [0, 400_000],
      practice: [0, null],
    });
  });

  test("a process started again under its NODE_ID credits its previous run's deals since that run's last beat, once, whoever takes them at the same time", async () => {
    const repos = await fresh();
    const read = await dealsOfThree(repos);
    const dead = (await repos.outage.holderOf('cut-2'))!;
    // node-a starts again at 105,000 while node-b sweeps and node-c takes a deal it judged dead:
    // each of node-a's deals is credited the 5 s since its beat of 100,000 (or its later action) once.
    const [started] = await Promise.all([
      repos.outage.creditOutage('node-a', 105_000, STALE),
      repos.outage.takeAbandoned('node-b', 105_000, STALE),
      repos.outage.take('cut-2', 'node-c', dead, dead.beatAt, 105_000),
    ]);
    expect(started).toStrictEqual({ outageMs: 0, restartMs: 5_000 });
    const once = {
      'own-1': [5_000, 405_000],
      'cut-2': [5_000, 450_000],
      'act-3': [4_000, 404_000],
      'won-4': [0, 400_000],
      'live-5': [0, 400_000],
      practice: [0, null],
    };
    expect(await read()).toStrictEqual(once);
    // node-a beats again: nothing is stale, nothing more is taken or credited.
    expect(await repos.outage.takeAbandoned('node-b', 105_500, STALE)).toStrictEqual([]);
    expect(await repos.outage.take('own-1', 'node-c', dead, dead.beatAt, 105_500)).toBe(false);
    expect(await read()).toStrictEqual(once);
  });

  test('a restart within a tick is credited the same way; a start of a NODE_ID never seen before credits nothing', async () => {
    const repos = await fresh();
    const read = await dealsOfThree(repos);
    expect(await repos.outage.creditOutage('node-d', 104_600, STALE)).toStrictEqual({ outageMs: 0, restartMs: 0 });
    await repos.outage.beat('node-a', 104_500);
    expect(await repos.outage.creditOutage('node-a', 104_700, STALE)).toStrictEqual({ outageMs: 0, restartMs: 200 });
    expect(await repos.outage.holderOf('own-1')).toStrictEqual({ nodeId: 'node-a', beatAt: 104_700 });
    expect(await read()).toStrictEqual({
      'own-1': [200, 400_200],
      'cut-2': [200, 448_200],
      'act-3': [200, 400_200],
      'won-4': [0, 400_000],
      'live-5': [0, 400_000],
      practice: [0, null],
    });
  });

  test("after a whole-cluster outage the deals are the first starter's, credited by it alone", async () => {
    const repos = await fresh();
    const read = await dealsOfThree(repos);
    // Every beat stale: the outage is credited from the newest (104,500), or the later action.
    expect(await repos.outage.creditOutage('node-c', 110_000, STALE)).toStrictEqual({ outageMs: 5_500, restartMs: 0 });
    expect((await repos.outage.holderOf('own-1'))?.nodeId).toBe('node-c');
    expect(await repos.outage.takeAbandoned('node-c', 110_000, STALE)).toStrictEqual([]);
    expect(await read()).toStrictEqual({
      'own-1': [5_500, 405_500],
      'cut-2': [5_500, 450_000],
      'act-3': [5_500, 405_500],
      'won-4': [0, 400_000],
      'live-5': [5_500, 405_500],
      practice: [5_500, null],
    });
  });
}
