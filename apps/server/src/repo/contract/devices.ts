import { expect, test } from 'vitest';
import type { FreshRepos } from './fixtures.ts';
import { player } from './fixtures.ts';

const passkey = (id: string, playerId: string, createdAt: number) => ({
  id,
  playerId,
  publicKey: `key ${id}`,
  counter: 0,
  transports: ['internal', 'hybrid'],
  label: `Passkey ${id}`,
  createdAt,
  lastUsedAt: null,
});

/** A player's devices, passkeys and the one-time keys of their ceremonies, as any store must keep them. */
export function devicesContract(fresh: FreshRepos): void {
  test('sessions: sign-up is the first device; more sign in, are seen, listed and revoked by their owner only', async () => {
    const repos = await fresh();
    await player(repos, 'a');
    await player(repos, 'b');
    const [first] = await repos.sessions.ofPlayer('a');
    expect(first).toStrictEqual({
      id: 'a',
      playerId: 'a',
      tokenHash: 'hash a',
      label: 'First device',
      createdAt: 0,
      lastSeenAt: 0,
    });
    const phone = { id: 's2', playerId: 'a', tokenHash: 'phone', label: 'Safari on iOS', createdAt: 5, lastSeenAt: 5 };
    await repos.sessions.add(phone);
    await expect(repos.sessions.add({ ...phone, id: 's3' })).rejects.toThrow();
    expect(await repos.players.byTokenHash('phone')).toStrictEqual({ id: 'a', nickname: 'N a' });
    expect(await repos.sessions.byTokenHash('phone')).toStrictEqual(phone);
    expect((await repos.sessions.ofPlayer('a')).map((s) => s.id)).toStrictEqual(['s2', 'a']);
    await repos.sessions.touch('a', 9);
    expect((await repos.sessions.ofPlayer('a')).map((s) => [s.id, s.lastSeenAt])).toStrictEqual([
      ['a', 9],
      ['s2', 5],
    ]);
    expect(await repos.sessions.revoke('b', 's2')).toBeUndefined();
    expect(await repos.sessions.revoke('a', 's2')).toStrictEqual(phone);
    expect(await repos.sessions.revoke('a', 's2')).toBeUndefined();
    expect(await repos.players.byTokenHash('phone')).toBeUndefined();
    expect(await repos.players.byTokenHash('hash a')).toStrictEqual({ id: 'a', nickname: 'N a' });
    expect(await repos.sessions.adoptLegacyTokens(10)).toBe(0);
  });

  test('passkeys: several per player, one credential id once, counters kept, removed by their owner only', async () => {
    const repos = await fresh();
    await player(repos, 'a');
    await player(repos, 'b');
    expect(await repos.passkeys.add(passkey('k2', 'a', 2))).toBe('ok');
    expect(await repos.passkeys.add(passkey('k1', 'a', 1))).toBe('ok');
    expect(await repos.passkeys.add(passkey('k1', 'b', 3))).toBe('taken');
    expect((await repos.passkeys.ofPlayer('a')).map((k) => k.id)).toStrictEqual(['k1', 'k2']);
    await repos.passkeys.used('k1', 7, 40);
    expect(await repos.passkeys.get('k1')).toStrictEqual({ ...passkey('k1', 'a', 1), counter: 7, lastUsedAt: 40 });
    expect(await repos.passkeys.get('nope')).toBeUndefined();
    expect(await repos.passkeys.remove('b', 'k1')).toBe(false);
    expect(await repos.passkeys.remove('a', 'k1')).toBe(true);
    expect(await repos.passkeys.remove('a', 'k1')).toBe(false);
    expect(await repos.passkeys.remove('a', 'k2')).toBe(true);
  });

  test('one-time keys: taken once, by kind, never after they expire; expired ones are swept', async () => {
    const repos = await fresh();
    await repos.oneTimeKeys.put({ key: 'c1', kind: 'passkey-sign-in', playerId: null, expiresAt: 100 });
    await repos.oneTimeKeys.put({ key: 'c2', kind: 'link', playerId: 'a', expiresAt: 100 });
    await repos.oneTimeKeys.put({ key: 'c3', kind: 'link', playerId: 'a', expiresAt: 100 });
    await repos.oneTimeKeys.put({ key: 'c4', kind: 'link', playerId: 'a', expiresAt: 50 });
    expect(await repos.oneTimeKeys.take('c1', 'link', 10)).toBeUndefined();
    expect(await repos.oneTimeKeys.take('c2', 'link', 99)).toStrictEqual({ playerId: 'a' });
    expect(await repos.oneTimeKeys.take('c2', 'link', 99)).toBeUndefined();
    expect(await repos.oneTimeKeys.take('c3', 'link', 100)).toBeUndefined();
    expect(await repos.oneTimeKeys.sweep(60)).toBe(1);
    expect(await repos.oneTimeKeys.take('c4', 'link', 0)).toBeUndefined();
    // Two takers at once: one has it.
    await repos.oneTimeKeys.put({ key: 'c5', kind: 'link', playerId: 'a', expiresAt: 100 });
    const both = await Promise.all([repos.oneTimeKeys.take('c5', 'link', 1), repos.oneTimeKeys.take('c5', 'link', 1)]);
    expect(both.filter(Boolean)).toHaveLength(1);
  });
}
