import type { RaceResult, ServerMessage } from '@scorpion/protocol';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { ArenaPolicy } from '../arenas/policy.ts';
import { ChallengePolicy } from '../challenges/policy.ts';
import { DailyPolicy } from '../daily/policy.ts';
import { DelayedBoards, WATCH_CHECK_MS, WATCH_DELAY_MS } from '../games/delayed-boards.ts';
import { NOWHERE } from '../games/policy.ts';
import { PracticePolicy } from '../games/practice.ts';
import { GameService, gateAt } from '../games/service.ts';
import { sqliteRepos } from '../repo/sqlite/index.ts';
import type { GameRow, RaceRow, Repos } from '../repo/types.ts';
import { FIXED_SEED, WINNING, WINNING_DECK } from '../test/deals.ts';
import { RecordingPush } from '../test/push.ts';
import { LiveRace, type RaceRoom } from './live-race.ts';
import { RacePolicy } from './policy.ts';
import { ACK_COVERS_MS, PROGRESS_MS } from './race-progress.ts';

const T0 = Date.parse('2026-06-01T12:00:00Z');
const START = T0 + 3000;
const DEADLINE = START + 5 * 60_000;

let repos: Repos;
let now: number;
let policy: RacePolicy;
let games: GameService;
let race: LiveRace;
let rows: GameRow[];
let over: RaceResult[] | undefined;
let push: RecordingPush;

beforeEach(async () => {
  repos = sqliteRepos(':memory:');
  now = T0;
  policy = new RacePolicy(repos.races);
  const clock = () => now;
  games = new GameService(repos.games, clock, {
    practice: new PracticePolicy(repos.hints),
    challenge: new ChallengePolicy(),
    daily: new DailyPolicy(repos),
    race: policy,
    arena: new ArenaPolicy(repos.arenas),
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
    finishWindow: 0,
    rated: false,
    bestOf: 1,
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
    rated: false,
    series: null,
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
    finishWindow: 0,
    nickname: (id) => id,
    // `cy` is a member watching the race.
    audience: () => ['ann', 'ben', 'cy'],
    broadcast: (_: ServerMessage) => {},
    changed: () => {},
    raceOver: (_, results) => {
      over = results;
    },
  };
  push = new RecordingPush();
  race = new LiveRace(row, new Map(rows.map((r) => [r.playerId, r.id])), room, {
    games,
    races: repos.races,
    push,
    now: clock,
    absentGraceMs: 60_000,
    // No step of these races may fail: one that did fails the run, loudly.
    failed: (_, error) => {
      throw error;
    },
  });
  games.hold(
    race,
    rows.map((r) => r.id),
  );
});
afterEach(async () => {
  vi.useRealTimers();
  race.stop();
  await repos.close();
});

test('a race game waits for the start, then is open until the deadline, which ends the race', async () => {
  const ann = rows[0]!;
  expect(gateAt(race.window, START - 1)).toBe('early');
  expect(gateAt(race.window, START)).toBe('open');
  expect(gateAt(race.window, DEADLINE - 1)).toBe('open');
  expect(over).toBeUndefined();
  now = DEADLINE;
  expect(gateAt(race.window, DEADLINE)).toBe('timed-out');
  // A move at the deadline times the game out, which ends the race.
  await games.act('ann', ann.id, 0, WINNING.moves[0]!);
  await expect.poll(() => over).toBeDefined();
  expect((await repos.races.get('race-1'))?.status).toBe('finished');
  expect((await repos.games.get(ann.id))?.status).toBe('timed-out');
});

test('a race game is public once its race is over, live or stored, and carries the room code', async () => {
  const ann = rows[0]!;
  expect(await policy.isPublic(ann)).toBe(false);
  expect(await policy.placeOf(ann)).toEqual({ ...NOWHERE, roomCode: 'ROOM42' });
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
  race.release();
  expect(await policy.isPublic(ann)).toBe(true);
  expect(await policy.placeOf(ann)).toEqual({ ...NOWHERE, roomCode: 'ROOM42' });
});

test('a race game whose race is neither live nor stored as finished stays secret', async () => {
  race.release();
  expect(policy.gate(rows[0]!)).toBe('open');
  expect(await policy.isPublic(rows[0]!)).toBe(false);
});

test("a racer's ack carries everyone's progress and stands for the progress frame while they keep moving", async () => {
  // The throttle's timers and clock only: the database's grouped commit keeps its real setImmediate.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  now = START;
  const [ann, ben] = rows as [GameRow, GameRow];
  /** Who got a `race-progress` frame since the last call, and how many moves it showed for each racer. */
  const frames = () => {
    const got = push.sent.splice(0).filter((s) => s.message.type === 'race-progress');
    return got.map(({ playerId, message }) => [
      playerId,
      message.type === 'race-progress' ? message.racers.map((r) => r.moves) : [],
    ]);
  };

  expect([PROGRESS_MS, ACK_COVERS_MS]).toEqual([500, 1000]);
  const annFirst = await games.act('ann', ann.id, 0, WINNING.moves[0]!);
  expect(annFirst.ok && annFirst.race).toMatchObject({ code: 'ROOM42', raceId: 'race-1' });
  expect(annFirst.ok && annFirst.race?.racers.map((r) => [r.playerId, r.moves])).toEqual([
    ['ann', 1],
    ['ben', 0],
  ]);
  expect(frames()).toEqual([]);
  await vi.advanceTimersByTimeAsync(PROGRESS_MS);
  // Ann's own ack told her already: the frame goes to the others.
  expect(frames()).toEqual([
    ['ben', [1, 0]],
    ['cy', [1, 0]],
  ]);

  // Both keep moving: each ack brings the other's last move, and no frame goes to either.
  await vi.advanceTimersByTimeAsync(100); // 600 ms
  const benFirst = await games.act('ben', ben.id, 0, WINNING.moves[0]!);
  expect(benFirst.ok && benFirst.race?.racers.map((r) => r.moves)).toEqual([1, 1]);
  await vi.advanceTimersByTimeAsync(100); // 700 ms: Ann's ack covers her until 1,700
  const annSecond = await games.act('ann', ann.id, 1, WINNING.moves[1]!);
  expect(annSecond.ok && annSecond.race?.racers.map((r) => r.moves)).toEqual([2, 1]);
  await vi.advanceTimersByTimeAsync(450); // 1,150 ms, past the tick at 1,100
  expect(frames()).toEqual([['cy', [2, 1]]]);

  // Ann stops: Ben's next move reaches her in a frame once her last ack no longer covers her.
  await games.act('ben', ben.id, 1, WINNING.moves[1]!);
  await vi.advanceTimersByTimeAsync(PROGRESS_MS); // 1,650 ms
  expect(frames()).toEqual([['cy', [2, 2]]]);
  await vi.advanceTimersByTimeAsync(50); // 1,700 ms
  expect(frames()).toEqual([['ann', [2, 2]]]);
  // Nothing changed since: nobody gets another.
  await vi.advanceTimersByTimeAsync(2 * ACK_COVERS_MS);
  expect(frames()).toEqual([]);
});

test('an ack carries no progress outside a running race', async () => {
  race.release();
  now = START;
  const acted = await games.act('ann', rows[0]!.id, 0, WINNING.moves[0]!);
  expect(acted.ok && acted.race).toBeNull();
});

test("a racer's move makes no call to the takeovers: only an action of a kind something takes over asks them", async () => {
  now = START;
  const [ann] = rows as [GameRow];
  const asked = vi.spyOn(games.takeovers, 'of');
  const taken: string[] = [];
  games.takeovers.set('arena', async (row) => void taken.push(row.id));
  expect((await games.act('ann', ann.id, 0, WINNING.moves[0]!)).ok).toBe(true);
  expect(asked).not.toHaveBeenCalled();
  // Once races are a kind something takes over, their moves wait for it, as an arena deal's do.
  games.takeovers.set('race', async (row) => void taken.push(row.id));
  expect((await games.act('ann', ann.id, 1, WINNING.moves[1]!)).ok).toBe(true);
  expect(asked).toHaveBeenCalledTimes(1);
  expect(taken).toEqual([ann.id]);
});

test("a move of a racer nobody watches makes no call to the watchers; a watched racer's is kept and shown", async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  now = START;
  const [ann, ben] = rows as [GameRow, GameRow];
  const kept = vi.spyOn(DelayedBoards.prototype, 'changed');
  expect(await race.watch('cy', 'ann')).toBeUndefined();
  expect((await games.act('ben', ben.id, 0, WINNING.moves[0]!)).ok).toBe(true);
  expect(kept).not.toHaveBeenCalled();
  expect((await games.act('ann', ann.id, 0, WINNING.moves[0]!)).ok).toBe(true);
  expect(kept).toHaveBeenCalledTimes(1);
  now += WATCH_DELAY_MS;
  await vi.advanceTimersByTimeAsync(WATCH_CHECK_MS);
  const boards = push.sent.flatMap(({ playerId, message }) =>
    message.type === 'race-board' ? [[playerId, message.playerId, message.seq]] : [],
  );
  expect(boards).toEqual([['cy', 'ann', 1]]);
});
