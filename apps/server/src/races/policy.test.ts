import type { RaceResult, ServerMessage } from '@scorpion/protocol';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { DailyPolicy } from '../daily/policy.ts';
import { PracticePolicy } from '../games/practice.ts';
import { GameService } from '../games/service.ts';
import { sqliteRepos } from '../repo/sqlite/index.ts';
import type { GameRow, RaceRow, Repos } from '../repo/types.ts';
import { FIXED_SEED, WINNING_DECK } from '../test/deals.ts';
import { RecordingPush } from '../test/push.ts';
import { LiveRace, type RaceRoom } from './live-race.ts';
import { LiveRaces, RacePolicy } from './policy.ts';

const T0 = Date.parse('2026-06-01T12:00:00Z');
const START = T0 + 3000;
const DEADLINE = START + 5 * 60_000;

let repos: Repos;
let now: number;
let live: LiveRaces;
let policy: RacePolicy;
let games: GameService;
let race: LiveRace;
let rows: GameRow[];
let over: RaceResult[] | undefined;

beforeEach(async () => {
  repos = sqliteRepos(':memory:');
  now = T0;
  live = new LiveRaces();
  policy = new RacePolicy(live, repos.races);
  const clock = () => now;
  games = new GameService(repos.games, clock, {
    practice: new PracticePolicy(),
    daily: new DailyPolicy(repos),
    race: policy,
  });
  for (const id of ['ann', 'ben']) {
    await repos.players.create({ id, nickname: id, nicknameKey: id, tokenHash: id, at: 0 });
  }
  const options = { foundations: false, open: false };
  await repos.rooms.create({
    code: 'ROOM42',
    hostId: 'ann',
    variant: 'scorpion',
    options,
    timeLimit: 5,
    winnableOnly: false,
    createdAt: T0,
  });
  const row: RaceRow = {
    id: 'race-1',
    code: 'ROOM42',
    number: 1,
    seed: FIXED_SEED,
    startsAt: START,
    pausedMs: 0,
    timeLimit: 5,
    status: 'racing',
    finishedAt: null,
  };
  rows = ['ann', 'ben'].map((playerId) =>
    games.newRow({
      playerId,
      kind: 'race',
      variant: 'scorpion',
      options,
      seed: FIXED_SEED,
      playerSeed: false,
      deck: WINNING_DECK,
      raceId: row.id,
      ranked: true,
      startedAt: START,
    }),
  );
  await repos.races.create(row, rows);
  over = undefined;
  const room: RaceRoom = {
    code: 'ROOM42',
    nickname: (id) => id,
    broadcast: (_: ServerMessage) => {},
    changed: () => {},
    raceOver: (_, results) => {
      over = results;
    },
  };
  const push = new RecordingPush();
  race = new LiveRace(row, new Map(rows.map((r) => [r.playerId, r.id])), room, {
    games,
    races: repos.races,
    push,
    now: clock,
    absentGraceMs: 60_000,
  });
  live.add(race);
});
afterEach(async () => {
  race.stop();
  await repos.close();
});

test('a race game waits for the start, then is open until the deadline, which ends the race', async () => {
  const ann = rows[0]!;
  expect(policy.gate(ann, START - 1)).toBe('early');
  expect(policy.gate(ann, START)).toBe('open');
  expect(policy.gate(ann, DEADLINE - 1)).toBe('open');
  expect(over).toBeUndefined();
  now = DEADLINE;
  expect(policy.gate(ann, DEADLINE)).toBe('timed-out');
  await expect.poll(() => over).toBeDefined();
  expect((await repos.races.get('race-1'))?.status).toBe('finished');
  expect((await repos.games.get(ann.id))?.status).toBe('timed-out');
});

test('a race game is public once its race is over, live or stored, and carries the room code', async () => {
  const ann = rows[0]!;
  expect(await policy.isPublic(ann)).toBe(false);
  expect(await policy.placeOf(ann)).toEqual({ daily: null, roomCode: 'ROOM42' });
  now = START;
  // Every racer's end goes to the race through the policy; the last one ends it.
  expect((await games.giveUp('ann', ann.id)).ok).toBe(true);
  expect(over).toBeUndefined();
  expect((await games.giveUp('ben', rows[1]!.id)).ok).toBe(true);
  await expect
    .poll(() => over?.map((r) => [r.playerId, r.gaveUp]))
    .toEqual([
      ['ann', true],
      ['ben', true],
    ]);
  expect(await policy.isPublic(ann)).toBe(true);
  live.delete(race);
  expect(await policy.isPublic(ann)).toBe(true);
  expect(await policy.placeOf(ann)).toEqual({ daily: null, roomCode: 'ROOM42' });
});

test('a race game whose race is neither live nor stored as finished stays secret', async () => {
  live.delete(race);
  expect(policy.gate(rows[0]!, START - 1)).toBe('open');
  expect(await policy.isPublic(rows[0]!)).toBe(false);
});
