import { ApiError, DailyInfo, LateBoard } from '@scorpion/protocol';
import { dealFromSeed, type Move, newGame, type VariantId } from '@scorpion/rules';
import { solve } from '@scorpion/solver';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { z } from 'zod';
import { signUp, TestClient } from '../test/client.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { getJson } from '../test/http.ts';

/** A seed the solver wins at once (as in the solver's own tests); the daily of every day here. */
const SEED = '736637684093e4443300bee3bcccccdd';
const OPTIONS = { foundations: false, open: false };
let line: readonly Move[] = [];
let server: RunningServer;
const DAY = '2026-06-01';
let clock = Date.UTC(2026, 5, 1, 12, 0, 0);

beforeAll(async () => {
  const deal = (variant: VariantId) => ({ seed: SEED, deck: dealFromSeed(variant, SEED) });
  server = await startServer({ deals: { daily: deal, fresh: deal }, now: () => clock });
  const verdict = solve(newGame('scorpion', OPTIONS, dealFromSeed('scorpion', SEED)), { tableMegabytes: 16 });
  if (verdict.result !== 'win') throw new Error('the seed is not won by the solver');
  line = verdict.line;
});
afterAll(() => server.close());

const get = <S extends z.ZodType>(path: string, schema: S, cookie?: string) =>
  getJson(`${server.url}${path}`, schema, cookie);

/** A practice game on the day's seed, won one move every `stepMs` on the server's clock. */
async function winLate(client: TestClient, variant: DailyInfo['variant'], stepMs: number) {
  client.send({ type: 'practice-start', variant, options: { foundations: false, open: false }, seed: SEED });
  let game = (await client.next('game')).game;
  for (const move of line) {
    clock += stepMs;
    game = await client.play(game, [move]);
  }
  expect(game.status).toBe('won');
  return game.gameId;
}

test("a past daily is played late as practice on its seed, and has a board of its own: each player's best, fastest first", async () => {
  const today = await get('/api/daily', DailyInfo);
  expect(today.body).toMatchObject({ date: DAY, public: false, seed: null });
  const variant = today.body.variant;
  const open = await get(`/api/daily/${DAY}/late`, ApiError);
  expect(open).toMatchObject({ status: 403, body: { error: 'not-public' } });

  const ann = await signUp(server.url, 'Late Ann');
  const ben = await signUp(server.url, 'Late Ben');
  const a = await TestClient.connect(server.wsUrl, ann.cookie);
  const b = await TestClient.connect(server.wsUrl, ben.cookie);
  // Won on the day itself (on a seed typed in): not a late game, and not on the late board.
  await winLate(b, variant, 100);

  clock = Date.UTC(2026, 5, 2, 9, 0, 0);
  const past = await get(`/api/daily/${DAY}`, DailyInfo);
  expect(past.body).toMatchObject({ public: true, seed: SEED });
  const slow = await winLate(a, variant, 2_000);
  const fast = await winLate(a, variant, 1_000);
  const benLate = await winLate(b, variant, 1_500);
  // The same seed under other options is another deal, not this day's.
  a.send({ type: 'practice-start', variant, options: { foundations: true, open: false }, seed: SEED });
  await a.next('game');

  const late = await get(`/api/daily/${DAY}/late`, LateBoard);
  expect(late.status).toBe(200);
  const moves = line.length;
  expect(late.body).toEqual({
    date: DAY,
    day: today.body.day,
    rows: [
      { rank: 1, playerId: ann.id, nickname: 'Late Ann', timeMs: moves * 1_000, moves, gameId: fast },
      { rank: 2, playerId: ben.id, nickname: 'Late Ben', timeMs: moves * 1_500, moves, gameId: benLate },
    ],
  });
  expect(late.body.rows.map((r) => r.gameId)).not.toContain(slow);
  expect(await get('/api/daily/2026-05-01/late', ApiError)).toMatchObject({ status: 404 });
  a.close();
  b.close();
});
