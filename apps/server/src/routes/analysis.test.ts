import { ApiError, GameAnalysis } from '@scorpion/protocol';
import { createSolverPool } from '@scorpion/solver';
import { afterAll, expect, test } from 'vitest';
import type { z } from 'zod';
import { signUp, TestClient } from '../test/client.ts';
import { fixedDeals, WINNING } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { getJson } from '../test/http.ts';

const servers: RunningServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

const getter =
  (server: RunningServer) =>
  <S extends z.ZodType>(path: string, schema: S) =>
    getJson(`${server.url}${path}`, schema);

test('a practice game: its analysis is refused while it is played, and open (for the page to compute) once it is over', async () => {
  const server = await startServer({ deals: fixedDeals });
  servers.push(server);
  const get = getter(server);
  const alice = await signUp(server.url, 'Alice');
  const client = await TestClient.connect(server.wsUrl, alice.cookie);
  client.send({ type: 'practice-start', variant: 'scorpion', options: { foundations: false, open: false } });
  const game = await client.play((await client.next('game')).game, WINNING.moves.slice(0, 2));

  const refused = await get(`/api/games/${game.gameId}/analysis`, ApiError);
  expect(refused).toMatchObject({ status: 403, body: { error: 'not-public' } });
  expect(JSON.stringify(refused.body)).not.toContain('winnable');

  client.send({ type: 'give-up', gameId: game.gameId });
  expect((await client.next('game')).game.status).toBe('gave-up');
  expect(await get(`/api/games/${game.gameId}/analysis`, GameAnalysis)).toEqual({
    status: 200,
    body: { gameId: game.gameId, analysis: null },
  });
  expect(await get('/api/games/no-such-game/analysis', ApiError)).toMatchObject({
    status: 404,
    body: { error: 'no-such-game' },
  });
  client.socket.close();
});

test('a ranked daily: refused until its day closes, then served as the evidence runner stored it', async () => {
  let clock = Date.parse('2026-06-02T08:00:00Z');
  const pool = createSolverPool({ threads: 1 });
  const server = await startServer({
    deals: fixedDeals,
    now: () => clock,
    evidence: {
      pool,
      budgets: { analysis: { nodes: 100_000, ms: 600_000, tableMegabytes: 8 } },
      close: () => pool.close(),
    },
  });
  servers.push(server);
  const get = getter(server);
  // Signed up the day before: the daily is ranked, so it is weighed.
  clock -= 86_400_000;
  const alice = await signUp(server.url, 'Alice');
  clock += 86_400_000;
  const client = await TestClient.connect(server.wsUrl, alice.cookie);
  client.send({ type: 'daily-join' });
  const start = (await client.next('game')).game;
  // A few moves of the winning line, then Alice gives up: a line that stays winnable.
  clock += 1_000;
  const played = await client.play(start, WINNING.moves.slice(0, 5));
  client.send({ type: 'give-up', gameId: played.gameId });
  await client.next('game');
  client.socket.close();
  await server.app.evidence!.idle();

  const path = `/api/games/${played.gameId}/analysis`;
  expect(await get(path, ApiError)).toMatchObject({ status: 403, body: { error: 'not-public' } });

  clock += 86_400_000;
  const served = await get(path, GameAnalysis);
  expect(served.status).toBe(200);
  const stored = JSON.parse((await server.app.repos.evidence.get(played.gameId))!.signals!);
  expect(served.body.analysis).toEqual({ verdicts: stored.analysis.verdicts, turningPoint: null });
  expect(served.body.analysis!.verdicts).toEqual(Array(6).fill('winnable'));
}, 120_000);
