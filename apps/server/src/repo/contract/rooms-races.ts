import type { RaceResult } from '@scorpion/protocol';
import { expect, test } from 'vitest';
import { rankRace } from '../../races/ranking.ts';
import { type FreshRepos, gameRow, player } from './fixtures.ts';

const room = {
  code: 'ROOM',
  hostId: 'a',
  variant: 'scorpion',
  options: { foundations: false, open: false },
  timeLimit: 5,
  winnableOnly: true,
  rated: false,
  bestOf: 1,
  finishWindow: 15,
  createdAt: 1_700_000_000_000,
} as const;

const raceRow = (n: number) =>
  ({
    id: `r${n}`,
    code: 'ROOM',
    number: n,
    seed: `seed ${n}`,
    startsAt: 1_700_000_000_000 + n,
    pausedMs: 0,
    timeLimit: 5,
    status: 'racing',
    finishedAt: null,
    rated: false,
    series: null,
  }) as const;

function results(raceId: string, winner: string, loser: string): RaceResult[] {
  const one = (rank: number, playerId: string, won: boolean) => ({
    rank,
    playerId,
    nickname: `N ${playerId}`,
    won,
    gaveUp: !won,
    timeMs: 60_000 * rank,
    progress: won ? 104 : 30,
    faceDown: won ? 0 : 5,
    moves: 80,
    gameId: `${raceId}-${playerId}`,
  });
  return [one(1, winner, true), one(2, loser, false)];
}

/** Rooms, their members and their races, as any store must keep them. */
export function roomsRacesContract(fresh: FreshRepos): void {
  test('a room is created once; members keep their joining order, even within one millisecond', async () => {
    const repos = await fresh();
    expect(await repos.rooms.create(room)).toBe('ok');
    expect(await repos.rooms.create({ ...room, hostId: 'b' })).toBe('taken');
    expect(await repos.rooms.get('ROOM')).toStrictEqual(room);
    await repos.rooms.create({ ...room, code: 'OTHR' });
    for (const id of ['c', 'a', 'b']) await repos.rooms.addMember('ROOM', id, 5);
    await repos.rooms.addMember('ROOM', 'a', 9);
    await repos.rooms.addMember('OTHR', 'a', 5);
    expect(await repos.rooms.members('ROOM')).toStrictEqual(['c', 'a', 'b']);
    expect(await repos.rooms.roomsOf('a')).toStrictEqual(['OTHR', 'ROOM']);
    await repos.rooms.removeMember('ROOM', 'c');
    await repos.rooms.setHost('ROOM', 'b');
    expect(await repos.rooms.members('ROOM')).toStrictEqual(['a', 'b']);
    expect((await repos.rooms.get('ROOM'))?.hostId).toBe('b');
  });

  test('races: created with their games, ended once, counted, ranked, and head to head', async () => {
    const repos = await fresh();
    for (const id of ['a', 'b']) await player(repos, id);
    for (const n of [1, 2, 3]) {
      await repos.races.create(raceRow(n), [
        gameRow('a', { id: `r${n}-a`, kind: 'race', raceId: `r${n}` }),
        gameRow('b', { id: `r${n}-b`, kind: 'race', raceId: `r${n}` }),
      ]);
    }
    expect(await repos.races.count('ROOM')).toBe(3);
    expect(await repos.races.count('NONE')).toBe(0);
    expect(await repos.races.lastOf('ROOM')).toStrictEqual(raceRow(3));
    expect(await repos.races.gamesOf('r1')).toEqual(
      expect.arrayContaining([
        { playerId: 'a', gameId: 'r1-a' },
        { playerId: 'b', gameId: 'r1-b' },
      ]),
    );
    expect(await repos.games.unfinishedOf('a')).toEqual(
      expect.arrayContaining([{ id: 'r1-a', kind: 'race', roomCode: 'ROOM' }]),
    );
    expect(await repos.races.finish('r1', 10, results('r1', 'a', 'b'))).toBe(true);
    expect(await repos.races.finish('r1', 11, results('r1', 'b', 'a'))).toBe(false);
    expect(await repos.races.finish('r2', 20, results('r2', 'b', 'a'))).toBe(true);
    expect(await repos.races.finish('r3', 30, results('r3', 'a', 'b'))).toBe(true);
    expect((await repos.races.running()).length).toBe(0);
    expect(await repos.races.results('r1')).toStrictEqual(results('r1', 'a', 'b'));
    const history = await repos.races.history('ROOM', 1, 5);
    expect(history.map((h) => [h.race.number, h.race.finishedAt, h.results[0]?.playerId])).toStrictEqual([
      [2, 20, 'b'],
      [1, 10, 'a'],
    ]);
    expect(await repos.boards.headToHead('a', 'b')).toStrictEqual({ races: 3, aWins: 2, bWins: 1 });
    expect(await repos.boards.headToHead('a', 'nobody')).toStrictEqual({ races: 0, aWins: 0, bWins: 0 });
    // "vs you" on the all-time boards: only toward someone raced (never oneself).
    await player(repos, 'c');
    expect(await repos.boards.racedAmong('a', ['a', 'b', 'c', 'nobody'])).toEqual(['b']);
    expect(await repos.boards.racedAmong('c', ['a', 'b'])).toEqual([]);
    expect(await repos.boards.racedAmong('a', [])).toEqual([]);
  });

  test("a race's results read back as its end listed them: ties by id code unit by code unit, whatever the collation", async () => {
    const repos = await fresh();
    // 'd…' sorts before 'J…' by locale and after it by code unit (races/ranking.ts).
    const ids = ['d03WGAjpKYc8ryNr', 'JmRCjACIYYuZu-tj'];
    for (const id of ids) await player(repos, id);
    await repos.races.create(raceRow(1), []);
    const tie = (playerId: string): RaceResult => ({
      rank: 1,
      playerId,
      nickname: `N ${playerId}`,
      won: false,
      gaveUp: true,
      timeMs: 1,
      progress: 1,
      faceDown: 9,
      moves: 8,
      gameId: `r1-${playerId}`,
    });
    const ranked = rankRace(ids.map(tie));
    expect(ranked.map((r) => r.playerId)).toStrictEqual(['JmRCjACIYYuZu-tj', 'd03WGAjpKYc8ryNr']);
    await repos.races.finish('r1', 10, [...ranked].reverse());
    expect(await repos.races.results('r1')).toStrictEqual(ranked);
  });
}
