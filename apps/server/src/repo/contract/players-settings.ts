import { expect, test } from 'vitest';
import { nicknameKeys } from '../../identity/nickname-keys.ts';
import type { FreshRepos } from './fixtures.ts';

const deal = {
  date: '2026-06-01',
  day: 3,
  variant: 'scorpion',
  seed: 'seed',
  deck: [1, 2, 3],
  candidate: 0,
  certifiedBy: 'solver',
  line: [{ kind: 'move', from: 0, row: 4, to: 1 }, { kind: 'deal' }],
  difficulty: { stars: 2, score: 0.25 },
} as const;

/** Players, settings and the daily deals, as any store must keep them. */
export function playersSettingsContract(fresh: FreshRepos): void {
  test('players: names and tokens are unique; a taken one is said, not thrown', async () => {
    const repos = await fresh();
    const p = (id: string, key: string, hash: string) => ({
      id,
      nickname: key,
      nicknameKey: key,
      tokenHash: hash,
      at: 1,
    });
    expect(await repos.players.create(p('a', 'ann', 'h1'))).toBe('ok');
    expect(await repos.players.create(p('b', 'ann', 'h2'))).toBe('taken');
    expect(await repos.players.create(p('b', 'bob', 'h1'))).toBe('taken');
    expect(await repos.players.create(p('b', 'bob', 'h2'))).toBe('ok');
    expect(await repos.players.rename('b', 'Ann', 'ann')).toBe('taken');
    expect(await repos.players.rename('b', 'Bobby', 'bobby')).toBe('ok');
    expect(await repos.players.byTokenHash('h2')).toStrictEqual({ id: 'b', nickname: 'Bobby' });
    expect(await repos.players.byId('a')).toStrictEqual({ id: 'a', nickname: 'ann' });
    expect(await repos.players.byId('z')).toBeUndefined();
    expect((await repos.players.byIds(['a', 'b', 'z'])).map((r) => r.id).sort()).toStrictEqual(['a', 'b']);
    // Fold everything to one key: the first to sign up keeps it.
    expect(await repos.players.rekey((all) => nicknameKeys(all, () => 'same'))).toStrictEqual({
      players: 2,
      lookAlikes: 1,
    });
    expect(await repos.players.create(p('c', 'same', 'h3'))).toBe('taken');
  });

  test('settings and daily deals: the first value stored is kept where asked', async () => {
    const repos = await fresh();
    expect(await repos.settings.get('k')).toBeUndefined();
    expect(await repos.settings.setIfAbsent('k', 'one')).toBe('one');
    expect(await repos.settings.setIfAbsent('k', 'two')).toBe('one');
    await repos.settings.set('k', 'three');
    expect(await repos.settings.get('k')).toBe('three');
    expect(await repos.daily.get(deal.date)).toBeUndefined();
    expect(await repos.daily.put(deal)).toStrictEqual(deal);
    expect(await repos.daily.put({ ...deal, seed: 'other', line: null, difficulty: null })).toStrictEqual(deal);
    expect(await repos.ready()).toStrictEqual({ ok: true });
  });
}
