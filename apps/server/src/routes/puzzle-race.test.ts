import { ApiError, PuzzleRaceAnswer, PuzzleRaceState } from '@scorpion/protocol';
import { afterAll, expect, test } from 'vitest';
import { PUZZLE_RACE_LOBBY_MS } from '../puzzles/race.ts';
import { ONE_STEP, TWO_STEPS } from '../puzzles/test-puzzles.ts';
import { signUp } from '../test/client.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { jsonCaller } from '../test/http.ts';

const servers: RunningServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

/** Right for ONE_STEP (5S onto 6S), and the first move of TWO_STEPS. */
const RIGHT_FIRST = ONE_STEP.solution[0]!;
/** 8S (with TS QS) onto 9S: wrong as the first move of either hand-built puzzle. */
const WRONG_FIRST = { kind: 'move', from: 1, row: 0, to: 0 } as const;

/**
 * The two hand-built puzzles (a race goes ONE_STEP, TWO_STEPS, ONE_STEP, … as a rush does) on a
 * clock the test moves itself: no real time passes in any of these.
 */
async function raceServer() {
  const clock = { now: Date.parse('2026-06-02T08:00:00Z') };
  const server = await startServer({ puzzles: [TWO_STEPS, ONE_STEP], puzzleRandom: () => 0, now: () => clock.now });
  servers.push(server);
  return { server, clock };
}

test('a race: made, joined by its code, started, played on the server clock to its end at 90,000 ms, ranked', async () => {
  const { server, clock } = await raceServer();
  expect(await jsonCaller(server)('POST', '/api/puzzles/race', ApiError)).toMatchObject({ status: 401 });
  const alice = jsonCaller(server, (await signUp(server.url, 'Alice')).cookie);
  const bob = jsonCaller(server, (await signUp(server.url, 'Bob')).cookie);
  const carol = jsonCaller(server, (await signUp(server.url, 'Carol')).cookie);

  const made = (await alice('POST', '/api/puzzles/race', PuzzleRaceState)).body;
  expect(made).toMatchObject({ status: 'lobby', member: true, creator: true, puzzle: null, next: null });
  const path = `/api/puzzles/race/${made.code}`;
  expect((await jsonCaller(server)('GET', path, PuzzleRaceState)).body).toMatchObject({
    member: false,
    creator: false,
  });
  expect(await bob('GET', '/api/puzzles/race/ZZZZZZ', ApiError)).toMatchObject({
    status: 404,
    body: { error: 'no-such-room' },
  });
  expect(await bob('GET', '/api/puzzles/race/bad', ApiError)).toMatchObject({
    status: 400,
    body: { error: 'bad-message' },
  });
  clock.now += 1;
  const joined = (await bob('POST', `${path}/join`, PuzzleRaceState)).body;
  expect(joined.members.map((m) => [m.nickname, m.creator, m.you])).toEqual([
    ['Alice', true, false],
    ['Bob', false, true],
  ]);
  expect((await bob('POST', `${path}/join`, PuzzleRaceState)).body.members).toHaveLength(2);

  // Before the start: only the creator starts; no move counts; "race again" waits for the end.
  expect(await bob('POST', `${path}/start`, ApiError)).toMatchObject({ status: 409, body: { error: 'not-host' } });
  const early = { index: 0, step: 0, move: RIGHT_FIRST };
  expect(await alice('POST', `${path}/move`, ApiError, early)).toMatchObject({ body: { error: 'not-started' } });
  expect(await alice('POST', `${path}/again`, ApiError)).toMatchObject({
    status: 409,
    body: { error: 'race-running' },
  });

  const startedAt = clock.now;
  const started = (await alice('POST', `${path}/start`, PuzzleRaceState)).body;
  expect(started).toMatchObject({ status: 'countdown', startsInMs: 3_000, remainingMs: 93_000, puzzle: null });
  expect(await alice('POST', `${path}/start`, ApiError)).toMatchObject({
    status: 409,
    body: { error: 'race-running' },
  });
  expect(await carol('POST', `${path}/join`, ApiError)).toMatchObject({ status: 409, body: { error: 'race-running' } });
  expect(await alice('POST', `${path}/move`, ApiError, early)).toMatchObject({ body: { error: 'not-started' } });

  clock.now += 3_000;
  const aliceSees = await alice('GET', path, PuzzleRaceState);
  const bobSees = await bob('GET', path, PuzzleRaceState);
  expect(aliceSees.body).toMatchObject({ status: 'playing', remainingMs: 90_000 });
  // The same first puzzle for both, each seeing only their own position.
  expect(aliceSees.body.puzzle).toMatchObject({ index: 0, puzzleId: ONE_STEP.id, step: 0, steps: 1 });
  expect(bobSees.body.puzzle).toStrictEqual(aliceSees.body.puzzle);

  // Bad input changes nothing: illegal, stale, not a move, not a member, an unknown race.
  const move = `${path}/move`;
  const illegal = { index: 0, step: 0, move: { kind: 'move', from: 0, row: 0, to: 1 } };
  expect(await alice('POST', move, ApiError, illegal)).toMatchObject({ status: 400, body: { error: 'illegal-move' } });
  const stale = { index: 1, step: 0, move: RIGHT_FIRST };
  expect(await alice('POST', move, ApiError, stale)).toMatchObject({ status: 409, body: { error: 'stale' } });
  const fly = { index: 0, step: 0, move: { kind: 'fly' } };
  expect(await alice('POST', move, ApiError, fly)).toMatchObject({ status: 400, body: { error: 'bad-message' } });
  expect(await carol('POST', move, ApiError, early)).toMatchObject({ status: 409, body: { error: 'not-in-room' } });
  expect(await alice('POST', '/api/puzzles/race/ZZZZZZ/move', ApiError, early)).toMatchObject({ status: 404 });
  expect((await alice('GET', path, PuzzleRaceState)).body).toStrictEqual(aliceSees.body);

  // Alice solves the first at 1 s; Bob misses it (no time lost) and sees Alice ahead.
  clock.now += 1_000;
  const solved = await alice('POST', move, PuzzleRaceAnswer, early);
  expect(solved.body).toMatchObject({ result: 'solved', race: { remainingMs: 89_000 } });
  expect(solved.body.race.puzzle).toMatchObject({ index: 1, puzzleId: TWO_STEPS.id, step: 0, steps: 2 });
  expect(await alice('POST', move, ApiError, early)).toMatchObject({ status: 409, body: { error: 'stale' } });
  const missed = await bob('POST', move, PuzzleRaceAnswer, { index: 0, step: 0, move: WRONG_FIRST });
  expect(missed.body).toMatchObject({ result: 'wrong', race: { remainingMs: 89_000, puzzle: { index: 1 } } });
  expect(missed.body.race.members.map((m) => [m.rank, m.nickname, m.score, m.index])).toEqual([
    [1, 'Alice', 1, 1],
    [2, 'Bob', 0, 1],
  ]);
  // No solution, no move of anyone's, ever leaves while the race runs.
  for (const text of [aliceSees.text, solved.text, missed.text]) {
    expect(text).not.toContain('solution');
    expect(text).not.toContain('"kind"');
  }

  // Two moves in TWO_STEPS: the first is right (the puzzle goes on), the second solves it.
  clock.now += 1_000;
  const right = await bob('POST', move, PuzzleRaceAnswer, { index: 1, step: 0, move: TWO_STEPS.solution[0] });
  expect(right.body).toMatchObject({ result: 'right', race: { puzzle: { index: 1, step: 1 } } });
  expect(right.text).not.toContain('"kind"');
  const bobSolves = { index: 1, step: 1, move: TWO_STEPS.solution[1] };
  expect((await bob('POST', move, PuzzleRaceAnswer, bobSolves)).body.race.members.map((m) => m.nickname)).toEqual([
    'Alice',
    'Bob',
  ]);
  // Both on 1: Alice reached it first on the server's clock. Bob's second makes him first.
  clock.now = startedAt + 3_000 + 90_000 - 1; // 1 ms before the end
  const last = await bob('POST', move, PuzzleRaceAnswer, { index: 2, step: 0, move: RIGHT_FIRST });
  expect(last.body.race).toMatchObject({ status: 'playing', remainingMs: 1 });
  clock.now += 1;
  const atEnd = { index: 1, step: 0, move: TWO_STEPS.solution[0] };
  expect(await alice('POST', move, ApiError, atEnd)).toMatchObject({ status: 409, body: { error: 'game-over' } });
  const over = (await carol('GET', path, PuzzleRaceState)).body;
  expect(over).toMatchObject({ status: 'over', remainingMs: 0, puzzle: null, member: false });
  expect(over.members.map((m) => [m.rank, m.nickname, m.score])).toEqual([
    [1, 'Bob', 2],
    [2, 'Alice', 1],
  ]);

  // Race again: the creator's, once; the others see where it went.
  expect(await bob('POST', `${path}/again`, ApiError)).toMatchObject({ status: 409, body: { error: 'not-host' } });
  const next = (await alice('POST', `${path}/again`, PuzzleRaceState)).body;
  expect(next).toMatchObject({ status: 'lobby', creator: true, next: null });
  expect(next.code).not.toBe(made.code);
  expect((await alice('POST', `${path}/again`, PuzzleRaceState)).body.code).toBe(next.code);
  expect((await bob('GET', path, PuzzleRaceState)).body.next).toBe(next.code);
});

test('a race takes ten members; a visitor sees the lobby; a tie at no score goes to who joined first', async () => {
  const { server, clock } = await raceServer();
  const players = [];
  for (let i = 0; i < 11; i++) players.push(jsonCaller(server, (await signUp(server.url, `Racer${i}`)).cookie));
  const [first, ...others] = players;
  const made = (await first!('POST', '/api/puzzles/race', PuzzleRaceState)).body;
  const path = `/api/puzzles/race/${made.code}`;
  for (const other of others.slice(0, 9)) {
    clock.now += 1;
    await other('POST', `${path}/join`, PuzzleRaceState);
  }
  expect(await others[9]!('POST', `${path}/join`, ApiError)).toMatchObject({
    status: 409,
    body: { error: 'room-full' },
  });
  const lobby = (await jsonCaller(server)('GET', path, PuzzleRaceState)).body;
  expect(lobby.members).toHaveLength(10);
  expect(lobby.members.map((m) => m.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  await first!('POST', `${path}/start`, PuzzleRaceState);
  clock.now += 3_000 + 90_000;
  const over = (await others[0]!('GET', path, PuzzleRaceState)).body;
  expect(over.status).toBe('over');
  expect(over.members.slice(0, 2).map((m) => m.nickname)).toEqual(['Racer0', 'Racer1']);
});

test('making, joining and looking up races that are not are counted against the rooms budgets, per player', async () => {
  const server = await startServer({
    puzzles: [ONE_STEP],
    limits: { roomCreate: { max: 1, windowMs: 60_000 }, roomLookup: { max: 1, windowMs: 60_000 } },
  });
  servers.push(server);
  const ann = jsonCaller(server, (await signUp(server.url, 'Ann')).cookie);
  const bob = jsonCaller(server, (await signUp(server.url, 'Bob')).cookie);
  const made = (await ann('POST', '/api/puzzles/race', PuzzleRaceState)).body;
  expect(await ann('POST', '/api/puzzles/race', ApiError)).toMatchObject({
    status: 429,
    body: { error: 'rate-limited' },
  });
  expect((await bob('POST', '/api/puzzles/race', PuzzleRaceState)).status).toBe(200);
  expect(await bob('POST', '/api/puzzles/race/ZZZZZZ/join', ApiError)).toMatchObject({ status: 404 });
  expect(await bob('POST', `/api/puzzles/race/${made.code}/join`, ApiError)).toMatchObject({ status: 429 });
  // Reading the race (the page's poll) is not counted; reading races that are not, is.
  for (let i = 0; i < 3; i++)
    expect((await bob('GET', `/api/puzzles/race/${made.code}`, PuzzleRaceState)).status).toBe(200);
  expect(await bob('GET', '/api/puzzles/race/ZZZZZZ', ApiError)).toMatchObject({ status: 404 });
  expect(await bob('GET', '/api/puzzles/race/ZZZZZY', ApiError)).toMatchObject({
    status: 429,
    body: { error: 'rate-limited' },
  });
  expect((await bob('GET', `/api/puzzles/race/${made.code}`, PuzzleRaceState)).status).toBe(200);
  expect(await ann('GET', '/api/puzzles/race/ZZZZZY', ApiError)).toMatchObject({ status: 404 });
});

test('a lobby nobody starts within a day is swept: its link answers no-such-room; a race that ran stays', async () => {
  const { server, clock } = await raceServer();
  const ann = jsonCaller(server, (await signUp(server.url, 'Ann')).cookie);
  const left = (await ann('POST', '/api/puzzles/race', PuzzleRaceState)).body;
  const ran = (await ann('POST', '/api/puzzles/race', PuzzleRaceState)).body;
  await ann('POST', `/api/puzzles/race/${ran.code}/start`, PuzzleRaceState);

  clock.now += PUZZLE_RACE_LOBBY_MS;
  expect(await server.app.puzzleRace.sweepLobbies()).toBe(0);
  clock.now += 1;
  expect(await server.app.puzzleRace.sweepLobbies()).toBe(1);
  expect(await ann('GET', `/api/puzzles/race/${left.code}`, ApiError)).toMatchObject({
    status: 404,
    body: { error: 'no-such-room' },
  });
  expect((await ann('GET', `/api/puzzles/race/${ran.code}`, PuzzleRaceState)).body.status).toBe('over');
});
