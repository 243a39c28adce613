import { ApiError, ChallengeInfo, ChallengeOriginal, type GameSnapshot, PublicGame } from '@scorpion/protocol';
import { applyMove, dealFromSeed, faceDownCount, type GameState, newGame, progressOf } from '@scorpion/rules';
import { hint } from '@scorpion/solver';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { signUp, TestClient } from '../test/client.ts';
import { FIXED_SEED, fixedDeals, WINNING, WINNING_DECK } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { getJson } from '../test/http.ts';

let server: RunningServer;
let clock = Date.UTC(2026, 5, 1, 12, 0, 0);

beforeAll(async () => {
  server = await startServer({ deals: fixedDeals, now: () => clock });
});
afterAll(() => server.close());

async function share(cookie: string, gameId: string) {
  const response = await fetch(`${server.url}/api/challenges`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ gameId }),
  });
  const body = await response.json();
  return { status: response.status, body: z.union([ChallengeInfo, ApiError]).parse(body) };
}

/** Plays the whole winning line, one move a second on the server's clock. */
async function winSlowly(client: TestClient, game: GameSnapshot): Promise<GameSnapshot> {
  let current = game;
  for (const move of WINNING.moves) {
    clock += 1000;
    current = await client.play(current, [move]);
  }
  return current;
}

test("a challenge link: the same deal, the original beside it as a ghost on the server's clock, never its cards", async () => {
  const ann = await signUp(server.url, 'Ghost Ann');
  const ben = await signUp(server.url, 'Ghost Ben');
  const a = await TestClient.connect(server.wsUrl, ann.cookie);
  const b = await TestClient.connect(server.wsUrl, ben.cookie);

  a.send({ type: 'practice-start', variant: 'scorpion', options: { foundations: false, open: false } });
  const practice = (await a.next('game')).game;
  expect(await share(ann.cookie, practice.gameId)).toMatchObject({ status: 409, body: { error: 'game-not-over' } });
  const won = await winSlowly(a, practice);
  expect(won).toMatchObject({ status: 'won', elapsedMs: 51_000 });
  expect(await share(ben.cookie, practice.gameId)).toMatchObject({ status: 403, body: { error: 'not-your-game' } });

  const shared = await share(ann.cookie, practice.gameId);
  expect(shared.status).toBe(201);
  const info = ChallengeInfo.parse(shared.body);
  expect(info).toMatchObject({
    link: `/c/${info.code}`,
    by: { id: ann.id, nickname: 'Ghost Ann' },
    kind: 'practice',
    result: { status: 'won', timeMs: 51_000, moves: 51 },
    mine: [],
  });
  // The link never names the game (whose public record holds the deck); sharing again gives the same one.
  expect(JSON.stringify(info)).not.toContain(practice.gameId);
  expect((await share(ann.cookie, practice.gameId)).body).toMatchObject({ code: info.code });

  b.send({ type: 'challenge-start', code: 'nosuchcode00' });
  expect(await b.next('error')).toMatchObject({ code: 'no-such-challenge', ref: 'challenge-start' });

  b.send({ type: 'challenge-start', code: info.code });
  const game = (await b.next('game')).game;
  expect(game).toMatchObject({ kind: 'challenge', ranked: false, seq: 0, status: 'playing', seed: null, record: null });
  expect(game.view.columns.flat().filter((c) => c === null)).toHaveLength(12);
  expect(await b.next('ghost')).toMatchObject({
    gameId: game.gameId,
    code: info.code,
    nickname: 'Ghost Ann',
    moves: 0,
    progress: 0,
    faceDown: 12,
    state: 'playing',
    elapsedMs: 0,
  });
  // Before Ben's game is over the original's moves are not his to see: they would give the deal away.
  const early = await getJson(`${server.url}/api/challenges/${info.code}/original`, ApiError, ben.cookie);
  expect(early).toMatchObject({ status: 403, body: { error: 'challenge-not-finished' } });

  // Ten and a half seconds on the server's clock: the ghost has made Ann's first ten moves.
  clock += 10_500;
  const ghost = await b.next('ghost');
  expect(ghost).toMatchObject({ moves: 10, state: 'playing', elapsedMs: 10_500 });
  // Where Ann's own game stood after those ten moves, by the rules.
  const tenMoves = WINNING.moves.slice(0, 10).reduce<GameState>(
    (state, move) => {
      const played = applyMove(state, move);
      if (!played.ok) throw new Error(played.reason);
      return played.state;
    },
    newGame('scorpion', { foundations: false, open: false }, WINNING_DECK),
  );
  expect(ghost).toMatchObject({ progress: progressOf(tenMoves), faceDown: faceDownCount(tenMoves) });
  expect(Object.keys(ghost).sort()).toEqual(
    ['code', 'elapsedMs', 'faceDown', 'gameId', 'moves', 'nickname', 'progress', 'state', 'timeMs', 'type'].sort(),
  );

  // Ben comes back on a new socket: the same game, and the ghost where it stands.
  const b2 = await TestClient.connect(server.wsUrl, ben.cookie);
  expect(b2.welcome.games).toContainEqual({ gameId: game.gameId, kind: 'challenge', roomCode: null });
  b2.send({ type: 'challenge-start', code: info.code });
  expect((await b2.next('game')).game).toMatchObject({ gameId: game.gameId });
  expect(await b2.next('ghost')).toMatchObject({ moves: 10, elapsedMs: 10_500 });
  await b2.close();

  // Ben plays the whole line at once, well ahead of the ghost.
  const finished = await b.play(game, WINNING.moves);
  expect(finished).toMatchObject({ status: 'won', elapsedMs: 10_500 });
  b.send({ type: 'game-resume', gameId: game.gameId });
  const over = (await b.next('game')).game;
  expect(over.record?.deck).toEqual(WINNING.deck);
  expect(over.seed).toBe(FIXED_SEED);
  expect(server.app.challenges.running).toBe(0);

  const mine = await getJson(`${server.url}/api/challenges/${info.code}`, ChallengeInfo, ben.cookie);
  expect(mine.body.mine).toEqual([{ gameId: game.gameId, status: 'won', timeMs: 10_500 }]);
  const original = await getJson(`${server.url}/api/challenges/${info.code}/original`, ChallengeOriginal, ben.cookie);
  expect(original.status).toBe(200);
  expect(original.body).toMatchObject({ code: info.code, game: { gameId: practice.gameId, timeMs: 51_000 } });
  expect(PublicGame.parse(original.body.game).actions).toHaveLength(51);
  await a.close();
  await b.close();
});

test("a practice game on a seed its player chose (as the web's Practice deals one) is challenged, and the challenger never gets that seed before the end", async () => {
  // A deal the solver wins in a moment, and so a line that wins it.
  const seed = '00000000000000000000000000000007';
  const options = { foundations: false, open: false };
  const found = hint(newGame('scorpion', options, dealFromSeed('scorpion', seed)), { nodes: 20_000_000 });
  if (found.kind !== 'move') throw new Error(`the deal should be winnable, the solver says ${found.kind}`);
  const line = found.line;
  const cora = await signUp(server.url, 'Seed Cora');
  const dev = await signUp(server.url, 'Seed Dev');
  const c = await TestClient.connect(server.wsUrl, cora.cookie);
  const d = await TestClient.connect(server.wsUrl, dev.cookie);

  c.send({ type: 'practice-start', variant: 'scorpion', options, seed });
  let practice = (await c.next('game')).game;
  // Her own seed is hers to know; the server still times every move she makes.
  expect(practice).toMatchObject({ kind: 'practice', seed, status: 'playing' });
  for (const move of line) {
    clock += 2000;
    practice = await c.play(practice, [move]);
  }
  expect(practice).toMatchObject({ status: 'won', elapsedMs: 2000 * line.length });
  const shared = await share(cora.cookie, practice.gameId);
  expect(shared.status).toBe(201);
  const info = ChallengeInfo.parse(shared.body);
  expect(info).toMatchObject({ kind: 'practice', result: { status: 'won', timeMs: 2000 * line.length } });

  d.send({ type: 'challenge-start', code: info.code });
  const game = (await d.next('game')).game;
  // Dev did not choose the seed: he gets the deal face down, like anyone else's.
  expect(game).toMatchObject({ kind: 'challenge', seed: null, record: null });
  expect(await d.next('ghost')).toMatchObject({ nickname: 'Seed Cora', moves: 0 });
  clock += 4500;
  expect(await d.next('ghost')).toMatchObject({ moves: 2, elapsedMs: 4500 });
  const finished = await d.play(game, line);
  expect(finished).toMatchObject({ status: 'won', elapsedMs: 4500 });
  // Every frame up to the one that ends his game (from there on the deal is public to him).
  const end = d.frames.findIndex((t) => t.includes('"status":"won"'));
  expect(end).toBeGreaterThan(line.length);
  for (const text of d.frames.slice(0, end)) expect(text).not.toContain(seed);
  d.send({ type: 'game-resume', gameId: game.gameId });
  expect((await d.next('game', (g) => g.game.gameId === game.gameId)).game.seed).toBe(seed);
  await c.close();
  await d.close();
});

test("a challenge to today's daily is refused until its day is over", async () => {
  const cid = await signUp(server.url, 'Daily Cid');
  const c = await TestClient.connect(server.wsUrl, cid.cookie);
  c.send({ type: 'daily-join' });
  const daily = await c.play((await c.next('game')).game, [WINNING.moves[0]!]);
  c.send({ type: 'give-up', gameId: daily.gameId });
  await c.next('game', (g) => g.game.status === 'gave-up');
  expect(await share(cid.cookie, daily.gameId)).toMatchObject({ status: 409, body: { error: 'not-public' } });
  clock += 86_400_000;
  const shared = await share(cid.cookie, daily.gameId);
  expect(shared).toMatchObject({ status: 201, body: { kind: 'daily', daily: { date: daily.daily!.date } } });
  await c.close();
});

test('a game given up before its first move has no time to beat: no challenge link', async () => {
  const dee = await signUp(server.url, 'Idle Dee');
  const d = await TestClient.connect(server.wsUrl, dee.cookie);
  d.send({ type: 'practice-start', variant: 'scorpion', options: { foundations: false, open: false } });
  const practice = (await d.next('game')).game;
  d.send({ type: 'give-up', gameId: practice.gameId });
  await d.next('game', (g) => g.game.status === 'gave-up');
  expect(await share(dee.cookie, practice.gameId)).toMatchObject({ status: 409, body: { error: 'nothing-to-beat' } });
  await d.close();
});
