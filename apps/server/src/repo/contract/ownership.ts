import { dealFromSeed } from '@scorpion/rules';
import { expect, test } from 'vitest';
import { newGameRow } from '../../games/new-row.ts';
import { rateRace } from '../../ratings/model.ts';
import { FIXED_SEED } from '../../test/deals.ts';
import { UNTIMED } from '../../test/room-spec.ts';
import { FencedOut, type RateRace, type Repos } from '../types.ts';
import type { FreshRepos } from './fixtures.ts';

const LEASE = 5000;

/** A store holding player p1 and their room ROOM22. */
export async function withRoom(fresh: FreshRepos): Promise<Repos> {
  const repos = await fresh();
  await repos.players.create({ id: 'p1', nickname: 'One', nicknameKey: 'one', tokenHash: 'h1', at: 0 });
  await repos.rooms.create({ code: 'ROOM22', hostId: 'p1', ...UNTIMED, createdAt: 0 });
  await repos.rooms.addMember('ROOM22', 'p1', 0);
  return repos;
}

export const race = (id: string) => ({
  race: {
    id,
    code: 'ROOM22',
    number: 1,
    seed: FIXED_SEED,
    startsAt: 1000,
    pausedMs: 0,
    timeLimit: 0,
    status: 'racing' as const,
    finishedAt: null,
    rated: false,
    series: null,
  },
  games: [
    {
      ...newGameRow(
        {
          playerId: 'p1',
          kind: 'race',
          variant: 'scorpion',
          options: { foundations: false, open: false },
          seed: FIXED_SEED,
          playerSeed: false,
          deck: dealFromSeed('scorpion', FIXED_SEED),
          raceId: id,
          ranked: true,
          startedAt: 1000,
        },
        1000,
      ),
      id: `${id}-g`,
    },
  ],
});

/** Room leases and the epoch fence on race-level writes (cluster mode), as any store must keep them. */
export function ownershipContract(fresh: FreshRepos): void {
  test('one node holds a room at a time; a lapsed lease goes to the next claim with a new epoch', async () => {
    const repos = await withRoom(fresh);
    const own = repos.ownership;
    const a = await own.claim('ROOM22', 'a', 1000, LEASE);
    expect(a).toEqual({ ok: true, fence: { code: 'ROOM22', nodeId: 'a', epoch: 1 }, taken: null });
    expect(await own.claim('ROOM22', 'b', 2000, LEASE)).toEqual({ ok: false, owner: 'a' });
    expect(await own.renew({ code: 'ROOM22', nodeId: 'a', epoch: 1 }, 4000, LEASE)).toBe(true);
    expect(await own.ownerOf('ROOM22', 8999)).toBe('a');
    expect(await own.ownerOf('ROOM22', 9000)).toBeUndefined();

    const b = await own.claim('ROOM22', 'b', 9000, LEASE);
    expect(b).toEqual({
      ok: true,
      fence: { code: 'ROOM22', nodeId: 'b', epoch: 2 },
      taken: { nodeId: 'a', renewedAt: 4000 },
    });
    // The old owner cannot renew (nor release) what is no longer its epoch.
    expect(await own.renew({ code: 'ROOM22', nodeId: 'a', epoch: 1 }, 9001, LEASE)).toBe(false);
    await own.release({ code: 'ROOM22', nodeId: 'a', epoch: 1 }, 9002);
    expect(await own.ownerOf('ROOM22', 9003)).toBe('b');
    // Released by its owner, the room is free at once.
    await own.release({ code: 'ROOM22', nodeId: 'b', epoch: 2 }, 9004);
    expect(await own.ownerOf('ROOM22', 9004)).toBeUndefined();
    expect(await own.claim('ROOM22', 'a', 9005, LEASE)).toMatchObject({ ok: true, fence: { epoch: 3 } });
    // The same node id claiming a live lease is a restarted process: a new epoch, the gap its own.
    expect(await own.claim('ROOM22', 'a', 9100, LEASE)).toEqual({
      ok: true,
      fence: { code: 'ROOM22', nodeId: 'a', epoch: 4 },
      taken: { nodeId: 'a', renewedAt: 9005 },
    });
  });

  test('many leases renewed in one write: those still of their epoch move on, a stale one changes nothing', async () => {
    const repos = await withRoom(fresh);
    const own = repos.ownership;
    const a = await own.claim('ROOM22', 'a', 3000, LEASE);
    const b = await own.claim('ROOM23', 'a', 1000, LEASE);
    if (!a.ok || !b.ok) throw new Error('claims refused');
    expect(await own.claim('ROOM23', 'b', 7000, LEASE)).toMatchObject({ ok: true, fence: { epoch: 2 } });
    // ROOM23 went to b while a was away; ROOM22 is still a's epoch, so its renewal holds.
    expect(await own.renewMany([a.fence, b.fence], 7500, LEASE)).toEqual(new Set(['ROOM22']));
    expect(await own.ownerOf('ROOM22', 12_499)).toBe('a');
    expect(await own.ownerOf('ROOM22', 12_500)).toBeUndefined();
    expect(await own.ownerOf('ROOM23', 11_999)).toBe('b');
    expect(await own.renewMany([], 8000, LEASE)).toEqual(new Set());
  });

  test('a lease that lapsed is not renewed, even of its own epoch: it is claimed again, with the gap to credit', async () => {
    const repos = await withRoom(fresh);
    const own = repos.ownership;
    const a = await own.claim('ROOM22', 'a', 1000, LEASE);
    if (!a.ok) throw new Error('claim refused');
    expect(await own.renew(a.fence, 1000 + LEASE, LEASE)).toBe(false);
    expect(await own.renewMany([a.fence], 1000 + LEASE, LEASE)).toEqual(new Set());
    expect(await own.claim('ROOM22', 'a', 9000, LEASE)).toEqual({
      ok: true,
      fence: { code: 'ROOM22', nodeId: 'a', epoch: 2 },
      taken: { nodeId: 'a', renewedAt: 1000 },
    });
  });

  test('race writes under a stale epoch are refused and change nothing', async () => {
    const repos = await withRoom(fresh);
    const own = repos.ownership;
    const old = { code: 'ROOM22', nodeId: 'a', epoch: 1 };
    await own.claim('ROOM22', 'a', 1000, LEASE);
    const { race: row, games } = race('r1');
    await repos.races.create(row, games, old);
    await own.claim('ROOM22', 'b', 7000, LEASE);

    await expect(repos.races.create(race('r2').race, race('r2').games, old)).rejects.toBeInstanceOf(FencedOut);
    expect(await repos.races.get('r2')).toBeUndefined();
    await expect(repos.rooms.setHost('ROOM22', 'p2', old)).rejects.toBeInstanceOf(FencedOut);
    expect((await repos.rooms.get('ROOM22'))?.hostId).toBe('p1');
    const end = {
      status: 'gave-up' as const,
      finishedAt: 7100,
      timeMs: 1,
      seq: 0,
      moves: 0,
      undos: 0,
      progress: 0,
      faceDown: 0,
    };
    await expect(repos.games.finish('r1-g', end, undefined, old)).rejects.toBeInstanceOf(FencedOut);
    expect((await repos.games.get('r1-g'))?.status).toBe('playing');
    // A rated race's end under a stale epoch rates nobody: the rating is in the fenced transaction.
    const ranked = [
      {
        rank: 1,
        playerId: 'p1',
        nickname: 'One',
        won: false,
        gaveUp: true,
        timeMs: 1,
        progress: 0,
        faceDown: 0,
        moves: 0,
        gameId: 'r1-g',
      },
    ];
    let rated = 0;
    const rate: RateRace = (before) => {
      rated++;
      return rateRace(ranked, before);
    };
    await expect(repos.races.finish('r1', 7100, ranked, old, rate)).rejects.toBeInstanceOf(FencedOut);
    expect([rated, await repos.ratings.of(['p1'])]).toStrictEqual([0, []]);
    await expect(repos.races.creditGap('r1', 1000, 7100, old)).rejects.toBeInstanceOf(FencedOut);
    expect(await repos.races.get('r1')).toMatchObject({ status: 'racing', pausedMs: 0 });

    const current = { code: 'ROOM22', nodeId: 'b', epoch: 2 };
    expect(await repos.races.finish('r1', 7200, ranked, current, rate)).toBe(true);
    expect((await repos.ratings.of(['p1'])).map((r) => r.games)).toStrictEqual([1]);
  });

  test('a race nobody holds a live lease on is orphaned; the takeover credits the gap since the last renewal or move', async () => {
    const repos = await withRoom(fresh);
    const own = repos.ownership;
    await own.claim('ROOM22', 'a', 1000, LEASE);
    const { race: row, games } = race('r1');
    await repos.races.create(row, games, { code: 'ROOM22', nodeId: 'a', epoch: 1 });
    expect(await own.orphaned(5999)).toEqual([]);
    expect(await own.orphaned(6000)).toEqual(['ROOM22']);
    await repos.games.append('r1-g', { seq: 1, action: { kind: 'undo' }, at: 2500 });

    const claim = await own.claim('ROOM22', 'b', 8000, LEASE);
    if (!claim.ok || !claim.taken) throw new Error('not taken over');
    await repos.races.creditGap('r1', claim.taken.renewedAt, 8000, claim.fence);
    // Nobody could play after the last stored move (2500): the race and the game lose 5500 ms.
    expect((await repos.races.get('r1'))?.pausedMs).toBe(5500);
    expect((await repos.games.get('r1-g'))?.pausedMs).toBe(5500);
    expect(await own.orphaned(8000)).toEqual([]);
  });
}
