import { ApiError, PuzzleView, RushAnswer, RushBoard, RushHome, RushPlaying, RushRun } from '@scorpion/protocol';
import { afterAll, expect, test } from 'vitest';
import { shown, startingRating } from '../puzzles/rating.ts';
import { RUN_LENGTH } from '../puzzles/rush-run.ts';
import { ONE_STEP, TWO_STEPS } from '../puzzles/test-puzzles.ts';
import { signUp } from '../test/client.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { jsonCaller } from '../test/http.ts';

const servers: RunningServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

/** Right for ONE_STEP (5S onto 6S), and the first move of TWO_STEPS. */
const RIGHT_FIRST = ONE_STEP.solution[0]!;
/** 8S (with TS QS) onto 9S: wrong as the first move of either hand-built puzzle (it buries the 5S). */
const WRONG_FIRST = { kind: 'move', from: 1, row: 0, to: 0 } as const;

/**
 * The two hand-built puzzles, a run of them easy to hard (ONE_STEP starts lower, then TWO_STEPS,
 * then round again), on a clock the test moves itself: no real time passes in any of these.
 */
async function rushServer() {
  const clock = { now: Date.parse('2026-06-02T08:00:00Z') };
  const server = await startServer({ puzzles: [TWO_STEPS, ONE_STEP], puzzleRandom: () => 0, now: () => clock.now });
  servers.push(server);
  return { server, clock };
}

test('a run: solved, missed, bad input refused, no right move sent before the end, over at 3 min less 10 s a mistake', async () => {
  const { server, clock } = await rushServer();
  expect(await jsonCaller(server)('POST', '/api/puzzles/rush', ApiError)).toMatchObject({ status: 401 });
  const alice = await signUp(server.url, 'Alice');
  const api = jsonCaller(server, alice.cookie);
  expect((await api('GET', '/api/puzzles/rush', RushHome)).body).toStrictEqual({ best: null, playing: null });

  const started = await api('POST', '/api/puzzles/rush', RushPlaying);
  const run = started.body;
  expect(run).toMatchObject({ index: 0, puzzleId: ONE_STEP.id, step: 0, steps: 1, score: 0, mistakes: 0 });
  expect(run).toMatchObject({ remainingMs: 180_000, best: null });
  expect(started.text).not.toContain('solution');
  expect((await api('GET', '/api/puzzles/rush', RushHome)).body.playing).toStrictEqual(run);
  const move = `/api/puzzles/rush/${run.runId}/move`;

  // Bad input changes nothing: an illegal move, a puzzle the run is not at, a move that is not one, another's run.
  const illegal = { index: 0, step: 0, move: { kind: 'move', from: 0, row: 0, to: 1 } };
  expect(await api('POST', move, ApiError, illegal)).toMatchObject({ status: 400, body: { error: 'illegal-move' } });
  expect(await api('POST', move, ApiError, { index: 1, step: 0, move: RIGHT_FIRST })).toMatchObject({
    status: 409,
    body: { error: 'stale' },
  });
  expect(await api('POST', move, ApiError, { index: 0, step: 0, move: { kind: 'fly' } })).toMatchObject({
    status: 400,
    body: { error: 'bad-message' },
  });
  const bob = jsonCaller(server, (await signUp(server.url, 'Bob')).cookie);
  expect(await bob('POST', move, ApiError, { index: 0, step: 0, move: RIGHT_FIRST })).toMatchObject({
    status: 404,
    body: { error: 'no-such-puzzle' },
  });
  expect(await bob('GET', `/api/puzzles/rush/${run.runId}`, ApiError)).toMatchObject({ status: 404 });
  expect((await api('GET', `/api/puzzles/rush/${run.runId}`, RushRun)).body).toStrictEqual(run);

  clock.now += 20_000;
  const solved = await api('POST', move, RushAnswer, { index: 0, step: 0, move: RIGHT_FIRST });
  expect(solved.body).toMatchObject({ result: 'solved', run: { status: 'playing', index: 1, puzzleId: TWO_STEPS.id } });
  expect(solved.body.run).toMatchObject({ score: 1, mistakes: 0, step: 0, remainingMs: 160_000 });
  expect(solved.text).not.toContain('solution');
  // Sent again: the run has moved on; nothing is scored twice.
  expect(await api('POST', move, ApiError, { index: 0, step: 0, move: RIGHT_FIRST })).toMatchObject({
    status: 409,
    body: { error: 'stale' },
  });

  const missed = await api('POST', move, RushAnswer, { index: 1, step: 0, move: WRONG_FIRST });
  expect(missed.body).toMatchObject({ result: 'wrong', run: { status: 'playing', index: 2, puzzleId: ONE_STEP.id } });
  // The mistake took ten seconds off the clock, and its right move is not told yet.
  expect(missed.body.run).toMatchObject({ score: 1, mistakes: 1, remainingMs: 150_000 });
  expect(missed.text).not.toContain('solution');

  clock.now += 149_999;
  expect((await api('GET', `/api/puzzles/rush/${run.runId}`, RushRun)).body).toMatchObject({
    status: 'playing',
    remainingMs: 1,
  });
  clock.now += 1;
  const over = { status: 'over', runId: run.runId, score: 1, endedBy: 'time', best: 1 } as const;
  const mistake = { index: 1, puzzleId: TWO_STEPS.id, played: WRONG_FIRST, right: TWO_STEPS.solution[0] };
  const ended = (await api('GET', `/api/puzzles/rush/${run.runId}`, RushRun)).body;
  expect(ended).toMatchObject({ ...over, mistakes: [mistake] });
  expect(ended.status === 'over' && ended.mistakes[0]?.view.columns[1]).toEqual(['8S', 'TS', 'QS', '5S']);
  expect(await api('POST', move, ApiError, { index: 2, step: 0, move: RIGHT_FIRST })).toMatchObject({
    status: 409,
    body: { error: 'game-over' },
  });
  expect((await api('GET', '/api/puzzles/rush', RushHome)).body).toStrictEqual({ best: 1, playing: null });

  // Rated never: Alice's puzzle rating and the puzzles' are as a newcomer's and as shipped.
  const rated = (await api('GET', '/api/puzzles/next', PuzzleView)).body;
  expect(rated).toMatchObject({ playerRating: { rating: 1500, games: 0 } });
  expect(rated.puzzleRating).toBe(shown(startingRating(TWO_STEPS)));
  expect(await server.app.repos.puzzles.puzzleRatings()).toStrictEqual(new Map());
  expect(await server.app.repos.puzzles.playerRating(alice.id)).toBeUndefined();
});

test('three mistakes end a run; the clock ends one at 3 min; a new run ends the one in play; the best is kept', async () => {
  const { server, clock } = await rushServer();
  const api = jsonCaller(server, (await signUp(server.url, 'Carol')).cookie);

  const first = (await api('POST', '/api/puzzles/rush', RushPlaying)).body;
  const move = (index: number) =>
    api('POST', `/api/puzzles/rush/${first.runId}/move`, RushAnswer, { index, step: 0, move: WRONG_FIRST });
  expect((await move(0)).body.run).toMatchObject({ status: 'playing', mistakes: 1, remainingMs: 170_000 });
  expect((await move(1)).body.run).toMatchObject({ status: 'playing', mistakes: 2, remainingMs: 160_000 });
  const third = (await move(2)).body;
  expect(third).toMatchObject({ result: 'wrong', run: { status: 'over', score: 0, endedBy: 'mistakes', best: 0 } });
  expect(third.run.status === 'over' && third.run.mistakes.map((m) => [m.index, m.puzzleId, m.right])).toEqual([
    [0, ONE_STEP.id, ONE_STEP.solution[0]],
    [1, TWO_STEPS.id, TWO_STEPS.solution[0]],
    [2, ONE_STEP.id, ONE_STEP.solution[0]],
  ]);

  const second = (await api('POST', '/api/puzzles/rush', RushPlaying)).body;
  expect(second).toMatchObject({ index: 0, best: 0, remainingMs: 180_000 });
  const play = async (index: number, step: number, m: unknown) =>
    api('POST', `/api/puzzles/rush/${second.runId}/move`, RushAnswer, { index, step, move: m });
  await play(0, 0, RIGHT_FIRST);
  expect((await play(1, 0, TWO_STEPS.solution[0])).body).toMatchObject({ result: 'right', run: { index: 1, step: 1 } });
  expect((await play(1, 1, TWO_STEPS.solution[1])).body).toMatchObject({ result: 'solved', run: { score: 2 } });
  clock.now += 179_999;
  expect((await api('GET', '/api/puzzles/rush', RushHome)).body.playing).toMatchObject({ score: 2, remainingMs: 1 });
  clock.now += 1;
  expect((await api('GET', '/api/puzzles/rush', RushHome)).body).toStrictEqual({ best: 2, playing: null });
  expect((await api('GET', `/api/puzzles/rush/${second.runId}`, RushRun)).body).toMatchObject({
    status: 'over',
    score: 2,
    mistakes: [],
    endedBy: 'time',
    best: 2,
  });

  // A new run while one is in play ends that one where it was: its score counts, its clock stops.
  const third2 = (await api('POST', '/api/puzzles/rush', RushPlaying)).body;
  await api('POST', `/api/puzzles/rush/${third2.runId}/move`, RushAnswer, { index: 0, step: 0, move: RIGHT_FIRST });
  const fourth = (await api('POST', '/api/puzzles/rush', RushPlaying)).body;
  expect(fourth).toMatchObject({ best: 2, index: 0 });
  expect((await api('GET', `/api/puzzles/rush/${third2.runId}`, RushRun)).body).toMatchObject({
    status: 'over',
    score: 1,
    endedBy: 'left',
  });
  expect((await api('GET', '/api/puzzles/rush', RushHome)).body.playing?.runId).toBe(fourth.runId);
});

test('a run of many puzzles rises in difficulty, one from each band of the ratings', async () => {
  const many = Array.from({ length: RUN_LENGTH * 3 }, (_, i) => ({
    ...TWO_STEPS,
    id: `scorpion+open.${i}.1`,
    nodes: i,
  }));
  const server = await startServer({ puzzles: many, puzzleRandom: () => 0.5 });
  servers.push(server);
  const player = await signUp(server.url, 'Dave');
  const run = (await jsonCaller(server, player.cookie)('POST', '/api/puzzles/rush', RushPlaying)).body;
  const ids = (await server.app.repos.puzzleRush.run(run.runId))?.puzzleIds;
  // Band b of three puzzles each (ordered by nodes, so by rating): the middle one, as random() is 0.5.
  expect(ids).toEqual(Array.from({ length: RUN_LENGTH }, (_, b) => `scorpion+open.${b * 3 + 1}.1`));
});

test("today's board: each player's best run ended today on the server's clock, a tie to the one that ended first", async () => {
  const { server, clock } = await rushServer();
  const erin = await signUp(server.url, 'Erin');
  const fred = await signUp(server.url, 'Fred');
  const asErin = jsonCaller(server, erin.cookie);
  const asFred = jsonCaller(server, fred.cookie);
  const solveFirst = async (api: typeof asErin) => {
    const run = (await api('POST', '/api/puzzles/rush', RushPlaying)).body;
    await api('POST', `/api/puzzles/rush/${run.runId}/move`, RushAnswer, { index: 0, step: 0, move: RIGHT_FIRST });
    return run;
  };
  // Erin scores 1 and runs out of time at 08:03; Fred scores 1, then three mistakes end his at 08:00:03.
  await solveFirst(asErin);
  const fredRun = await solveFirst(asFred);
  for (const index of [1, 2, 3]) {
    clock.now += 1_000;
    await asFred('POST', `/api/puzzles/rush/${fredRun.runId}/move`, RushAnswer, { index, step: 0, move: WRONG_FIRST });
  }
  clock.now += 180_000;
  expect((await asErin('GET', '/api/puzzles/rush/board', RushBoard)).body).toStrictEqual({
    date: '2026-06-02',
    rows: [
      { rank: 1, nickname: 'Fred', score: 1, you: false },
      { rank: 2, nickname: 'Erin', score: 1, you: true },
    ],
  });
  // Anyone may read it; a run with no score is not on it.
  await asErin('POST', '/api/puzzles/rush', RushPlaying);
  clock.now += 180_000;
  expect(
    (await jsonCaller(server)('GET', '/api/puzzles/rush/board', RushBoard)).body.rows.map((r) => r.nickname),
  ).toEqual(['Fred', 'Erin']);
  clock.now += 86_400_000;
  expect((await asErin('GET', '/api/puzzles/rush/board', RushBoard)).body).toStrictEqual({
    date: '2026-06-03',
    rows: [],
  });
});
