import { ApiError, PuzzleAnswer, PuzzleView } from '@scorpion/protocol';
import { afterAll, expect, test } from 'vitest';
import { ONE_STEP, TWO_STEPS } from '../puzzles/test-puzzles.ts';
import { signUp } from '../test/client.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { jsonCaller } from '../test/http.ts';

const servers: RunningServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

async function puzzleServer() {
  let clock = Date.parse('2026-06-02T08:00:00Z');
  // The nearest puzzle first, always: the hand-built two-step one (1100 + 100·log2(41) + 60) is nearer 1500.
  const server = await startServer({ puzzles: [ONE_STEP, TWO_STEPS], puzzleRandom: () => 0, now: () => clock++ });
  servers.push(server);
  return server;
}

test('a puzzle solved move by move: its line stays on the server until the end, and both ratings move', async () => {
  const server = await puzzleServer();
  expect(await jsonCaller(server)('GET', '/api/puzzles/next', ApiError)).toMatchObject({
    status: 401,
    body: { error: 'unauthorized' },
  });
  const alice = await signUp(server.url, 'Alice');
  const api = jsonCaller(server, alice.cookie);

  const first = await api('GET', '/api/puzzles/next', PuzzleView);
  expect(first.body).toMatchObject({
    puzzleId: TWO_STEPS.id,
    step: 0,
    steps: 2,
    playerRating: { rating: 1500, games: 0 },
  });
  expect(first.body.view.columns).toEqual([
    ['3S', 'KS', 'JS', '9S'],
    ['8S', 'TS', 'QS', '5S'],
    ['AS', '7S', '2S', '4S', '6S'],
  ]);
  expect(first.text).not.toContain('solution');
  // Asking again gives the same open attempt: a puzzle cannot be skipped for an easier one.
  expect((await api('GET', '/api/puzzles/next', PuzzleView)).body.attemptId).toBe(first.body.attemptId);

  const move = `/api/puzzles/attempts/${first.body.attemptId}/move`;
  const [right, second] = TWO_STEPS.solution;
  // Bad input changes nothing: an illegal move, a stale step, a move that is not a move.
  expect(await api('POST', move, ApiError, { step: 0, move: { kind: 'move', from: 0, row: 0, to: 1 } })).toMatchObject({
    status: 400,
    body: { error: 'illegal-move' },
  });
  expect(await api('POST', move, ApiError, { step: 1, move: right })).toMatchObject({
    status: 409,
    body: { error: 'stale' },
  });
  expect(await api('POST', move, ApiError, { step: 0, move: { kind: 'fly' } })).toMatchObject({
    status: 400,
    body: { error: 'bad-message' },
  });
  const other = await signUp(server.url, 'Bob');
  expect(await jsonCaller(server, other.cookie)('POST', move, ApiError, { step: 0, move: right })).toMatchObject({
    status: 404,
    body: { error: 'no-such-puzzle' },
  });

  const reply = await api('POST', move, PuzzleAnswer, { step: 0, move: right });
  expect(reply.body).toMatchObject({ result: 'continue', step: 1 });
  expect(reply.text).not.toContain('solution');
  expect(reply.body.result === 'continue' && reply.body.view.columns[1]).toEqual(['8S', 'TS', 'QS']);
  expect((await api('GET', '/api/puzzles/next', PuzzleView)).body).toMatchObject({ step: 1 });

  const solved = await api('POST', move, PuzzleAnswer, { step: 1, move: second });
  expect(solved.body).toMatchObject({ result: 'solved', solution: TWO_STEPS.solution, rating: { before: 1500 } });
  if (solved.body.result !== 'solved') throw new Error('not solved');
  expect(solved.body.rating.after.rating).toBeGreaterThan(1500);
  expect(solved.body.rating.after.games).toBe(1);
  expect(solved.body.puzzleRating).toBeLessThan(first.body.puzzleRating);
  // Sent again, it answers nothing new and rates nothing twice.
  expect(await api('POST', move, ApiError, { step: 1, move: second })).toMatchObject({
    status: 404,
    body: { error: 'no-such-puzzle' },
  });
});

test('a wrong move fails the puzzle with its solution; a give-up too; then no puzzle is left', async () => {
  const server = await puzzleServer();
  const alice = await signUp(server.url, 'Alice');
  const api = jsonCaller(server, alice.cookie);
  const first = (await api('GET', '/api/puzzles/next', PuzzleView)).body;
  const wrong = await api('POST', `/api/puzzles/attempts/${first.attemptId}/move`, PuzzleAnswer, {
    step: 0,
    move: { kind: 'move', from: 1, row: 0, to: 0 },
  });
  expect(wrong.body).toMatchObject({ result: 'wrong', solution: TWO_STEPS.solution, rating: { before: 1500 } });
  if (wrong.body.result !== 'wrong') throw new Error('not wrong');
  expect(wrong.body.rating.after.rating).toBeLessThan(1500);
  expect(wrong.body.puzzleRating).toBeGreaterThan(first.puzzleRating);

  const next = (await api('GET', '/api/puzzles/next', PuzzleView)).body;
  expect(next).toMatchObject({ puzzleId: ONE_STEP.id, playerRating: wrong.body.rating.after });
  const gaveUp = await api('POST', `/api/puzzles/attempts/${next.attemptId}/give-up`, PuzzleAnswer);
  expect(gaveUp.body).toMatchObject({ result: 'gave-up', solution: ONE_STEP.solution });
  expect(await api('GET', '/api/puzzles/next', ApiError)).toMatchObject({
    status: 404,
    body: { error: 'no-puzzles-left' },
  });
});
