import { expect, test } from 'vitest';
import type { PuzzleRaceRow } from '../ports/puzzle-race.ts';
import { type FreshRepos, player } from './fixtures.ts';

const race = (code: string, creatorId: string): PuzzleRaceRow => ({
  code,
  creatorId,
  puzzleIds: null,
  createdAt: 10,
  startsAt: null,
  endsAt: null,
  next: null,
});

/** Puzzle races, as any store must keep them. */
export function puzzleRaceContract(fresh: FreshRepos): void {
  test('puzzle race: made once per code, joined up to the most while in the lobby, started once', async () => {
    const repos = await fresh();
    for (const id of ['a', 'b', 'c', 'd']) await player(repos, id);
    const { puzzleRace } = repos;
    expect(await puzzleRace.create(race('ABCDEF', 'a'), 10)).toBe(true);
    expect(await puzzleRace.create(race('ABCDEF', 'b'), 11)).toBe(false);
    expect(await puzzleRace.race('ABCDEF')).toStrictEqual(race('ABCDEF', 'a'));
    expect(await puzzleRace.race('NOPE22')).toBeUndefined();
    expect(await puzzleRace.join('NOPE22', 'b', 12, 3)).toBe('no-such-race');
    expect(await puzzleRace.join('ABCDEF', 'a', 12, 3)).toBe('member');
    expect(await puzzleRace.join('ABCDEF', 'b', 13, 3)).toBe('joined');
    expect(await puzzleRace.join('ABCDEF', 'b', 14, 3)).toBe('member');
    // Two at once for the last place: one gets it, the race never passes its most.
    expect(
      (await Promise.all([puzzleRace.join('ABCDEF', 'c', 15, 3), puzzleRace.join('ABCDEF', 'd', 15, 3)])).sort(),
    ).toEqual(['full', 'joined']);
    const members = await puzzleRace.members('ABCDEF');
    expect(members.map((m) => m.playerId).slice(0, 2)).toEqual(['a', 'b']);
    expect(members).toHaveLength(3);
    expect(members[0]).toStrictEqual({
      code: 'ABCDEF',
      playerId: 'a',
      nickname: 'N a',
      joinedAt: 10,
      at: 0,
      step: 0,
      score: 0,
      scoredAt: null,
    });

    expect(await puzzleRace.start('ABCDEF', ['p1', 'p2'], 1_000, 91_000)).toBe(true);
    expect(await puzzleRace.start('ABCDEF', ['p3'], 2_000, 92_000)).toBe(false);
    expect(await puzzleRace.race('ABCDEF')).toMatchObject({ puzzleIds: ['p1', 'p2'], startsAt: 1_000, endsAt: 91_000 });
    expect(await puzzleRace.create(race('GHJKLM', 'a'), 20)).toBe(true);
    expect(await puzzleRace.start('GHJKLM', ['p1'], 1_000, 91_000)).toBe(true);
    expect(await puzzleRace.join('GHJKLM', 'b', 21, 10)).toBe('started');
  });

  test('puzzle race: a member moves on once from where they were; the next race is set once', async () => {
    const repos = await fresh();
    await player(repos, 'a');
    const { puzzleRace } = repos;
    await puzzleRace.create(race('ABCDEF', 'a'), 10);
    const solved = { at: 1, step: 0, score: 1, scoredAt: 5_000 };
    expect(await puzzleRace.advance('ABCDEF', 'a', { at: 0, step: 1 }, solved)).toBe(false);
    expect(await puzzleRace.advance('ABCDEF', 'a', { at: 0, step: 0 }, solved)).toBe(true);
    // Sent again from the same place: moved on already, nothing is written twice.
    expect(await puzzleRace.advance('ABCDEF', 'a', { at: 0, step: 0 }, { ...solved, score: 2 })).toBe(false);
    expect(await puzzleRace.advance('ABCDEF', 'b', { at: 0, step: 0 }, solved)).toBe(false);
    expect((await puzzleRace.members('ABCDEF'))[0]).toMatchObject(solved);
    expect(await puzzleRace.setNext('ABCDEF', 'GHJKLM')).toBe(true);
    expect(await puzzleRace.setNext('ABCDEF', 'NPQRST')).toBe(false);
    expect((await puzzleRace.race('ABCDEF'))?.next).toBe('GHJKLM');
  });

  test('puzzle race: the sweep forgets lobbies made before its cutoff, with their members, and nothing else', async () => {
    const repos = await fresh();
    for (const id of ['a', 'b']) await player(repos, id);
    const { puzzleRace } = repos;
    await puzzleRace.create({ ...race('OLDLOB', 'a'), createdAt: 100 }, 100);
    await puzzleRace.join('OLDLOB', 'b', 101, 10);
    await puzzleRace.create({ ...race('OLDRUN', 'a'), createdAt: 100 }, 100);
    await puzzleRace.start('OLDRUN', ['p1'], 150, 1_150);
    await puzzleRace.create({ ...race('NEWLOB', 'b'), createdAt: 200 }, 200);

    expect(await puzzleRace.sweepLobbies(200)).toBe(1);
    expect(await puzzleRace.race('OLDLOB')).toBeUndefined();
    expect(await puzzleRace.members('OLDLOB')).toEqual([]);
    expect(await puzzleRace.join('OLDLOB', 'b', 201, 10)).toBe('no-such-race');
    expect(await puzzleRace.members('OLDLOB')).toEqual([]);
    expect((await puzzleRace.race('OLDRUN'))?.startsAt).toBe(150);
    expect(await puzzleRace.members('NEWLOB')).toHaveLength(1);
    expect(await puzzleRace.sweepLobbies(200)).toBe(0);
  });
}
