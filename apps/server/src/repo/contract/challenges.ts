import { expect, test } from 'vitest';
import { type FreshRepos, gameRow, player } from './fixtures.ts';

/** Challenge links and the games played against them, as any store must keep them. */
export function challengesContract(fresh: FreshRepos): void {
  test('challenges: one link per game, a taken code is said, games are kept per player in order', async () => {
    const repos = await fresh();
    await player(repos, 'p1');
    await player(repos, 'p2');
    const row = { code: 'ABC123', sourceGameId: 'g-source', playerId: 'p1', createdAt: 5 };
    expect(await repos.challenges.create(row)).toStrictEqual(row);
    // Sharing the same game again gives the link it already has.
    expect(await repos.challenges.create({ ...row, code: 'OTHER1' })).toStrictEqual(row);
    expect(await repos.challenges.create({ ...row, sourceGameId: 'g-else' })).toBe('taken');
    expect(await repos.challenges.get('ABC123')).toStrictEqual(row);
    expect(await repos.challenges.get('NOPE00')).toBeUndefined();

    const first = gameRow('p2', { id: 'c-1', kind: 'challenge', startedAt: 10 });
    const second = gameRow('p2', { id: 'c-0', kind: 'challenge', startedAt: 20 });
    await repos.games.create(first);
    await repos.games.create(second);
    await repos.challenges.addGame('ABC123', 'c-1', 'p2');
    await repos.challenges.addGame('ABC123', 'c-0', 'p2');
    expect(await repos.challenges.ofGame('c-0')).toBe('ABC123');
    expect(await repos.challenges.ofGame('g-source')).toBeUndefined();
    expect(await repos.challenges.gamesOf('ABC123', 'p2')).toStrictEqual(['c-1', 'c-0']);
    expect(await repos.challenges.gamesOf('ABC123', 'p1')).toStrictEqual([]);
  });
}
