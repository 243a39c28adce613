import { ApiError, ChallengeInfo, HintAnswer } from '@scorpion/protocol';
import { createSolverPool } from '@scorpion/solver';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { signUp, TestClient } from '../test/client.ts';
import { fixedDeals, WINNING } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';

let server: RunningServer;
let unsolved: RunningServer;
const clock = Date.UTC(2026, 5, 1, 12, 0, 0);

beforeAll(async () => {
  // The real solver, on a thread of its own; the winning deal (`WINNING`), face-down cards and all.
  server = await startServer({ deals: fixedDeals, now: () => clock, solver: createSolverPool({ threads: 1 }) });
  unsolved = await startServer({ deals: fixedDeals, now: () => clock });
});
afterAll(async () => {
  await server.close();
  await unsolved.close();
});

async function post(on: RunningServer, path: string, cookie: string | undefined, body: unknown) {
  const response = await fetch(`${on.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: z.union([HintAnswer, ChallengeInfo, ApiError]).parse(await response.json()) };
}

const askHint = (on: RunningServer, cookie: string | undefined, gameId: string, seq: number) =>
  post(on, `/api/games/${gameId}/hint`, cookie, { seq });

test('a hint in a practice game the server dealt: the next move of a winning line, of cards face up, and the game can no longer be challenged', async () => {
  const ann = await signUp(server.url, 'Hint Ann');
  const ben = await signUp(server.url, 'Hint Ben');
  const a = await TestClient.connect(server.wsUrl, ann.cookie);
  a.send({ type: 'practice-start', variant: 'scorpion', options: { foundations: false, open: false } });
  const practice = (await a.next('game')).game;
  expect(practice.seed).toBeNull();

  expect(await askHint(server, undefined, practice.gameId, 0)).toMatchObject({ status: 401 });
  expect(await askHint(server, ben.cookie, practice.gameId, 0)).toMatchObject({
    status: 403,
    body: { error: 'not-your-game' },
  });
  expect(await askHint(server, ann.cookie, practice.gameId, 1)).toMatchObject({
    status: 409,
    body: { error: 'stale' },
  });
  expect(await askHint(server, ann.cookie, 'no-such-id', 0)).toMatchObject({ status: 404 });

  const given = await askHint(server, ann.cookie, practice.gameId, 0);
  expect(given.status).toBe(200);
  const answer = HintAnswer.parse(given.body);
  expect(answer).toMatchObject({ seq: 0, hints: 1, hint: { kind: 'move' } });
  const move = answer.hint.kind === 'move' ? answer.hint.move : undefined;
  // The answer names only a card the player sees: nothing in it but the move.
  if (move?.kind === 'move') expect(practice.view.columns[move.from]![move.row]).not.toBeNull();
  // The move is legal where the player is, and the deal is still won from there.
  const after = await a.play(practice, [move]);
  expect(after.seq).toBe(1);
  const second = HintAnswer.parse((await askHint(server, ann.cookie, practice.gameId, 1)).body);
  expect(second).toMatchObject({ seq: 1, hints: 2, hint: { kind: 'move' } });

  // Finished (given up), the game is public but cannot become a "Beat my time" link.
  a.send({ type: 'give-up', gameId: practice.gameId });
  await a.next('game');
  expect(await askHint(server, ann.cookie, practice.gameId, 1)).toMatchObject({
    status: 409,
    body: { error: 'game-over' },
  });
  const shared = await post(server, '/api/challenges', ann.cookie, { gameId: practice.gameId });
  expect(shared).toMatchObject({ status: 409, body: { error: 'hints-used' } });
  a.close();
});

test('a game without hints is challenged as before; a daily has none; no solver, no hint, and nothing marked', async () => {
  const cat = await signUp(server.url, 'Hint Cat');
  const c = await TestClient.connect(server.wsUrl, cat.cookie);
  c.send({ type: 'practice-start', variant: 'scorpion', options: { foundations: false, open: false } });
  const practice = (await c.next('game')).game;
  await c.play(practice, WINNING.moves);
  const shared = await post(server, '/api/challenges', cat.cookie, { gameId: practice.gameId });
  expect(shared.status).toBe(201);

  c.send({ type: 'daily-join' });
  const daily = (await c.next('game')).game;
  expect(await askHint(server, cat.cookie, daily.gameId, 0)).toMatchObject({
    status: 409,
    body: { error: 'no-hints' },
  });
  c.close();

  const dee = await signUp(unsolved.url, 'Hint Dee');
  const d = await TestClient.connect(unsolved.wsUrl, dee.cookie);
  d.send({ type: 'practice-start', variant: 'scorpion', options: { foundations: false, open: false } });
  const offline = (await d.next('game')).game;
  expect(await askHint(unsolved, dee.cookie, offline.gameId, 0)).toMatchObject({
    status: 503,
    body: { error: 'solver-unavailable' },
  });
  await d.play(offline, [WINNING.moves[0]]);
  d.send({ type: 'give-up', gameId: offline.gameId });
  await d.next('game');
  expect((await post(unsolved, '/api/challenges', dee.cookie, { gameId: offline.gameId })).status).toBe(201);
  d.close();
});
