import { expect, test } from 'vitest';
import type { Repos } from '../types.ts';
import { arenaRow, type FreshRepos, gameRow, player } from './fixtures.ts';

const certified = (candidate: number) => ({
  candidate,
  certificate: { verdict: 'winnable' as const, nodes: candidate, ms: 1, difficulty: { stars: 2 as const, score: 3.5 } },
  certifiedBy: 'test',
});

/** Arenas, their players and deals, and their results read from the games, as any store must keep them. */
export function arenasContract(fresh: FreshRepos): void {
  test('arenas: the first row stored stands, private ones are listed until they end, settled once', async () => {
    const repos = await fresh();
    const a = arenaRow('p-aaaaaaaaaaaa');
    expect(await repos.arenas.ensure(a)).toStrictEqual(a);
    expect(await repos.arenas.ensure({ ...a, name: 'Another' })).toStrictEqual(a);
    await repos.arenas.ensure(arenaRow('p-bbbbbbbbbbbb', { startsAt: 500, endsAt: 2_000 }));
    await repos.arenas.ensure(arenaRow('h-2026-12-06T13', { kind: 'hourly', createdBy: null }));
    expect((await repos.arenas.privateOpen(1_500, 10)).map((r) => r.id)).toStrictEqual([
      'p-bbbbbbbbbbbb',
      'p-aaaaaaaaaaaa',
    ]);
    expect((await repos.arenas.privateOpen(2_000, 10)).map((r) => r.id)).toStrictEqual(['p-aaaaaaaaaaaa']);
    expect(await repos.arenas.get('p-nothing')).toBeUndefined();
    expect((await repos.arenas.unsettled()).length).toBe(3);
    expect(await repos.arenas.settle('p-aaaaaaaaaaaa', 'p1', 700_000)).toBe(true);
    expect(await repos.arenas.settle('p-aaaaaaaaaaaa', 'p2', 800_000)).toBe(false);
    expect(await repos.arenas.get('p-aaaaaaaaaaaa')).toMatchObject({ winnerId: 'p1', settledAt: 700_000 });
    expect((await repos.arenas.unsettled()).map((r) => r.id)).not.toContain('p-aaaaaaaaaaaa');
  });

  test('arenas: a spectator stays one, players are counted and listed with their names, history newest first', async () => {
    const repos = await fresh();
    for (const id of ['p1', 'p2', 'p3']) await player(repos, id);
    await repos.arenas.ensure(arenaRow('p-aaaaaaaaaaaa'));
    await repos.arenas.ensure(arenaRow('p-bbbbbbbbbbbb'));
    expect(await repos.arenas.join('p-aaaaaaaaaaaa', 'p1', 'player', 10)).toBe('player');
    expect(await repos.arenas.join('p-aaaaaaaaaaaa', 'p2', 'player', 11)).toBe('player');
    expect(await repos.arenas.join('p-aaaaaaaaaaaa', 'p3', 'spectator', 12)).toBe('spectator');
    expect(await repos.arenas.join('p-aaaaaaaaaaaa', 'p3', 'player', 13)).toBe('spectator');
    expect(await repos.arenas.join('p-bbbbbbbbbbbb', 'p1', 'player', 20)).toBe('player');
    expect(await repos.arenas.roleOf('p-aaaaaaaaaaaa', 'p3')).toBe('spectator');
    expect(await repos.arenas.roleOf('p-bbbbbbbbbbbb', 'p3')).toBeUndefined();
    const players = await repos.arenas.players('p-aaaaaaaaaaaa');
    expect(players.sort((x, y) => (x.playerId < y.playerId ? -1 : 1))).toStrictEqual([
      { playerId: 'p1', name: 'N p1' },
      { playerId: 'p2', name: 'N p2' },
    ]);
    const counts = await repos.arenas.counts(['p-aaaaaaaaaaaa', 'p-bbbbbbbbbbbb', 'p-cccccccccccc']);
    expect([...counts].sort()).toStrictEqual([
      ['p-aaaaaaaaaaaa', 2],
      ['p-bbbbbbbbbbbb', 1],
    ]);
    expect((await repos.arenas.historyOf('p1', 10)).map((r) => r.id)).toStrictEqual([
      'p-bbbbbbbbbbbb',
      'p-aaaaaaaaaaaa',
    ]);
    expect(await repos.arenas.historyOf('p3', 10)).toStrictEqual([]);
  });

  test("arenas: a deal's first certificate is everyone's; a player's deal is one game, its result stored once", async () => {
    const repos = await fresh();
    await player(repos, 'p1');
    await player(repos, 'p2');
    let made = 0;
    const make = async () => certified(++made);
    expect(await repos.arenas.dealOnce('p-aaaaaaaaaaaa', 1, make)).toStrictEqual(certified(1));
    expect(await repos.arenas.dealOnce('p-aaaaaaaaaaaa', 1, make)).toStrictEqual(certified(1));
    expect(made).toBe(1);
    await repos.arenas.dealOnce('p-aaaaaaaaaaaa', 2, make);
    expect((await repos.arenas.deals('p-aaaaaaaaaaaa')).map((d) => [d.deal, d.candidate])).toStrictEqual([
      [1, 1],
      [2, 2],
    ]);

    const arenaGame = { kind: 'arena' as const, arenaId: 'p-aaaaaaaaaaaa', closesAt: 301_000 };
    const one = gameRow('p1', { ...arenaGame, id: 'a-1', arenaDeal: 1, berserk: true });
    await repos.games.create(one);
    await expect(repos.games.create({ ...one, id: 'a-1-again' })).rejects.toThrow();
    await repos.games.create(gameRow('p2', { ...arenaGame, id: 'a-2', arenaDeal: 1 }));
    await repos.games.create(gameRow('p1', { id: 'practice' }));
    await repos.games.finish('a-1', {
      status: 'won',
      finishedAt: 90_000,
      timeMs: 89_000,
      seq: 10,
      moves: 10,
      undos: 0,
      progress: 104,
      faceDown: 0,
    });
    const results = await repos.arenas.results('p-aaaaaaaaaaaa');
    expect(results.sort((x, y) => (x.id < y.id ? -1 : 1))).toStrictEqual([
      {
        id: 'a-1',
        playerId: 'p1',
        arenaDeal: 1,
        status: 'won',
        berserk: true,
        startedAt: 1_000,
        pausedMs: 0,
        finishedAt: 90_000,
        timeMs: 89_000,
        closesAt: 301_000,
      },
      {
        id: 'a-2',
        playerId: 'p2',
        arenaDeal: 1,
        status: 'playing',
        berserk: false,
        startedAt: 1_000,
        pausedMs: 0,
        finishedAt: null,
        timeMs: null,
        closesAt: 301_000,
      },
    ]);
    expect((await repos.arenas.results('p-aaaaaaaaaaaa', 'p2')).map((g) => g.id)).toStrictEqual(['a-2']);
  });

  /*
   * Server downtime is off an arena deal's clock: its limit (`closes_at`) moves with the credit
   * to its `paused_ms`, but never past the arena's end, which does not move. Both ways of
   * crediting it: a restart (`addDowntime`) and a whole-cluster outage (`creditOutage`).
   */
  const downtimeCases = async (repos: Repos) => {
    await repos.arenas.ensure(arenaRow('p-longlonglong', { endsAt: 601_000 }));
    await repos.arenas.ensure(arenaRow('p-shortshortsh', { endsAt: 450_000 }));
    const deal = (id: string, arenaId: string, closesAt: number) =>
      gameRow('p1', { id, kind: 'arena', arenaId, arenaDeal: Number(id.slice(-1)), startedAt: 100_000, closesAt });
    const games = [
      deal('own-1', 'p-longlonglong', 400_000),
      deal('cut-2', 'p-shortshortsh', 400_000),
      deal('end-3', 'p-shortshortsh', 450_000),
      deal('won-4', 'p-longlonglong', 400_000),
      gameRow('p1', { id: 'practice' }),
    ];
    for (const g of games) await repos.games.create(g);
    await repos.games.finish('won-4', {
      status: 'won',
      finishedAt: 120_000,
      timeMs: 20_000,
      seq: 1,
      moves: 1,
      undos: 0,
      progress: 104,
      faceDown: 0,
    });
    return async () =>
      Object.fromEntries(
        await Promise.all(
          games.map(async (g) => {
            const row = (await repos.games.get(g.id))!;
            return [g.id, [row.pausedMs, row.closesAt]];
          }),
        ),
      );
  };
  const credited = {
    'own-1': [100_000, 500_000],
    'cut-2': [100_000, 450_000],
    'end-3': [100_000, 450_000],
    'won-4': [0, 400_000],
    practice: [100_000, null],
  };

  test('arenas: a restart credits its downtime to each deal in play, its limit never past the arena end', async () => {
    const repos = await fresh();
    const read = await downtimeCases(repos);
    await repos.games.addDowntime(250_000, 150_000);
    expect(await read()).toStrictEqual(credited);
  });

  test('arenas: a whole-cluster outage is credited to each deal in play the same way', async () => {
    const repos = await fresh();
    const read = await downtimeCases(repos);
    expect(await repos.outage.creditOutage('node-1', 150_000, 1_000)).toStrictEqual({ outageMs: 0, restartMs: 0 });
    expect(await repos.outage.creditOutage('node-1', 250_000, 1_000)).toStrictEqual({
      outageMs: 100_000,
      restartMs: 0,
    });
    expect(await read()).toStrictEqual(credited);
  });
}
