import { DailyBoard, DailyStanding, Profile } from '@scorpion/protocol';
import { createSolverPool, EVIDENCE_VERSION, type GameEvidence, HOLD_SCORE } from '@scorpion/solver';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { nicknameKey } from '../identity/nickname.ts';
import type { GameRow } from '../repo/types.ts';
import { signUp, TestClient } from '../test/client.ts';
import { fixedDeals, WINNING } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { getJson } from '../test/http.ts';
import { playOn } from '../test/play.ts';

/*
 * The evidence runner on the real server and its real storage (SQLite; the store's part runs on
 * PostgreSQL too, through the repository contract): issue #16's scouting scenario, a puppet that
 * opens today's deal to learn its hidden cards and a main account that then plays them, beside
 * an honest player of the same deal who does not know them.
 */
const DAY = '2026-06-02';
/**
 * Below this scout's score (1.03: its winning line, not the solver's, keeps the deal against the
 * odds at a few positions, which the `keeps` model weighs) and above the honest player's.
 */
const HOLD_FOR_TEST = 0.25;

/** Weighed games of a player's before the day: `scores`, none held (their running sum so far). */
type Earlier = (repos: RunningServer['app']['repos'], ids: { main: string; honest: string }) => Promise<void>;

async function scenario(holdScore: number | undefined, earlier?: Earlier) {
  let clock = Date.parse('2026-06-01T20:00:00Z');
  const held: { game: GameRow; evidence: GameEvidence }[] = [];
  // Normal priority here: at the lowest, a busy test machine starves it (pool.test.ts checks the priority).
  const pool = createSolverPool({ threads: 1 });
  const server = await startServer({
    deals: fixedDeals,
    now: () => clock,
    evidence: {
      pool,
      // The line's analysis with a smaller budget than the server's: the score is the same.
      budgets: { analysis: { nodes: 100_000, ms: 600_000, tableMegabytes: 8 } },
      close: () => pool.close(),
      onHeld: (game, evidence) => {
        held.push({ game, evidence });
      },
      ...(holdScore === undefined ? {} : { holdScore }),
    },
  });
  const get = <S extends z.ZodType>(path: string, schema: S, cookie?: string) =>
    getJson(`${server.url}${path}`, schema, cookie);
  const openDaily = async (cookie: string) => {
    const client = await TestClient.connect(server.wsUrl, cookie);
    client.send({ type: 'daily-join' });
    return { client, game: (await client.next('game')).game };
  };
  const main = await signUp(server.url, 'Main');
  const honest = await signUp(server.url, 'Honest');
  await earlier?.(server.app.repos, { main: main.id, honest: honest.id });
  clock = Date.parse(`${DAY}T08:00:00Z`);

  // The puppet learns the deal's hidden cards by playing at it (what it sees, the main account knows).
  const puppet = await signUp(server.url, 'Puppet');
  const scouting = await openDaily(puppet.cookie);
  const scouted = await playOn(scouting.client, scouting.game, 12);
  scouting.client.send({ type: 'give-up', gameId: scouted.gameId });
  await scouting.client.next('game');
  scouting.client.socket.close();

  // The main account plays the deal as only one who knows it would: straight to the win, no undo.
  const mine = await openDaily(main.cookie);
  clock += 1_000;
  const won = await mine.client.play(mine.game, WINNING.moves);
  expect(won.status).toBe('won');
  mine.client.socket.close();

  // The honest player plays a few moves from what they see, and gives up.
  const theirs = await openDaily(honest.cookie);
  clock += 60_000;
  const tried = await playOn(theirs.client, theirs.game, 6);
  theirs.client.send({ type: 'give-up', gameId: tried.gameId });
  await theirs.client.next('game');
  theirs.client.socket.close();

  const board = async () =>
    (await get(`/api/leaderboards/daily?date=${DAY}`, DailyBoard)).body.rows.map((r) => r.nickname);
  return { server, held, board, get, main, honest, mainGame: won.gameId, honestGame: tried.gameId };
}

describe('the scout and the honest player of one deal', () => {
  let s: Awaited<ReturnType<typeof scenario>>;
  // The hold is tested at a threshold below this scout's score and above the honest player's:
  // at the server's own (ln 100) this scout's score is too low to hold it (see bench/README.md).
  beforeAll(async () => {
    s = await scenario(HOLD_FOR_TEST);
  }, 60_000);
  afterAll(() => s.server.close());

  test('results stand at once; weighed off the move path, the scout is held, handed to the moderators, back when cleared', async () => {
    // (Every player here signed up the day before: the puppet's game is ranked too.)
    expect(await s.board()).toEqual(['Main', 'Honest', 'Puppet']);
    await s.server.app.evidence!.idle();
    const repo = s.server.app.repos.evidence;
    const main = await repo.get(s.mainGame);
    const honest = await repo.get(s.honestGame);
    expect(main).toMatchObject({ status: 'done', version: EVIDENCE_VERSION, held: 'held' });
    expect(honest).toMatchObject({ status: 'done', version: EVIDENCE_VERSION, held: 'no' });
    expect(main!.score!).toBeGreaterThanOrEqual(HOLD_FOR_TEST);
    expect(honest!.score!).toBeLessThan(HOLD_FOR_TEST);
    expect(main!.score!).toBeLessThan(HOLD_SCORE);
    expect(JSON.parse(main!.signals!)).toMatchObject({ score: main!.score, timing: { moves: WINNING.moves.length } });
    expect(await repo.queued(10)).toEqual([]);

    expect(await s.board()).toEqual(['Honest', 'Puppet']);
    expect(s.held.map((h) => [h.game.id, h.evidence.held, h.evidence.score])).toEqual([
      [s.mainGame, true, main!.score],
    ]);
    // The running assessment reads the stored evidence.
    const mainPlayer = s.held[0]!.game.playerId;
    expect((await repo.recentOf(mainPlayer, 10)).map((r) => r.gameId)).toEqual([s.mainGame]);

    // In the moderators' queue with its evidence in a sentence; a moderator's clear puts it back
    // on the board, and the clear's undo holds it again.
    const { moderation, repos } = s.server.app;
    const [entry, ...others] = await repos.moderation.queue(10);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ kind: 'held', playerId: mainPlayer, gameId: s.mainGame });
    expect(entry!.summary).toMatch(
      /^Clairvoyance score 1\.\d\d \(held from 0\.25\) over \d+ positions the hidden cards decided; played the solver’s move/,
    );
    const moderator = (await signUp(s.server.url, 'Moder')).id;
    expect(await moderation.clear(moderator, mainPlayer, 'One lucky guess.')).toEqual({ ok: true });
    expect(await s.board()).toEqual(['Main', 'Honest', 'Puppet']);
    expect((await repo.get(s.mainGame))!.held).toBe('cleared');
    const [clear] = await repos.moderation.log(0, 1);
    expect(await moderation.undo(moderator, clear!.id)).toEqual({ ok: true });
    expect(await s.board()).toEqual(['Honest', 'Puppet']);
  }, 240_000);

  test('the held player alone is told "under review", with what comes next; out of the counts; cleared, all of it goes', async () => {
    // Held again by the undo above.
    await s.server.app.evidence!.idle();
    const counts = async () => {
      const { played, won } = (await s.get(`/api/leaderboards/daily?date=${DAY}`, DailyBoard)).body;
      return { played, won };
    };
    const review = async (cookie: string) => (await s.get('/api/me/daily', DailyStanding, cookie)).body.review;
    const profile = async (cookie: string) => (await s.get('/api/players/Main/profile', Profile, cookie)).body;
    expect(await counts()).toEqual({ played: 2, won: 0 });
    const told = await review(s.main.cookie);
    expect(told).toMatchObject({ gameId: s.mainGame, won: true, moves: WINNING.moves.length });
    expect(told!.message).toMatch(/under review.*nothing has been decided.*If the moderator clears it/s);
    expect(await review(s.honest.cookie)).toBeNull();
    const own = await profile(s.main.cookie);
    expect(own.underReview).toEqual([{ date: DAY, gameId: s.mainGame, message: told!.message }]);
    expect(own.daily).toMatchObject({ played: 0, wins: 0, currentStreak: 0, days: [] });
    // Anyone else sees no accusation: just no result.
    expect((await profile(s.honest.cookie)).underReview).toEqual([]);

    const moderator = (await s.server.app.repos.players.byNicknameKey(nicknameKey('Moder')))!.id;
    const mainPlayer = s.held[0]!.game.playerId;
    expect(await s.server.app.moderation.clear(moderator, mainPlayer, 'One lucky guess.')).toEqual({ ok: true });
    expect(await counts()).toEqual({ played: 3, won: 1 });
    expect(await review(s.main.cookie)).toBeNull();
    const cleared = await profile(s.main.cookie);
    expect(cleared.underReview).toEqual([]);
    expect(cleared.daily).toMatchObject({ played: 1, wins: 1, currentStreak: 1, days: [{ date: DAY, won: true }] });
  }, 60_000);
});

describe('a scout no single game of whose passes the threshold: held by the running sum of their games', () => {
  /** Above this scout's score in any one game (1.03), so only the running sum can reach it. */
  const THRESHOLD = 1.5;
  let s: Awaited<ReturnType<typeof scenario>>;
  beforeAll(async () => {
    s = await scenario(THRESHOLD, async (repos, { main, honest }) => {
      // Main's earlier dailies each leaned a little; the honest player's earlier ones leaned as
      // much, but their guesses that went wrong pulled the sum down.
      const past = async (playerId: string, scores: number[]) => {
        for (const [i, score] of scores.entries()) {
          await repos.evidence.queue(`${playerId}-past-${i}`, playerId, i);
          const signals = '{}';
          await repos.evidence.weighed(`${playerId}-past-${i}`, {
            version: EVIDENCE_VERSION,
            score,
            held: false,
            signals,
            at: i,
          });
        }
      };
      await past(main, [0.4, 0.35]);
      await past(honest, [0.4, 0.35, -2.3]);
      // A game of another evidence version is weighed again, not added.
      await repos.evidence.queue(`${main}-old`, main, 9);
      await repos.evidence.weighed(`${main}-old`, { version: 1, score: -5, held: false, signals: '{}', at: 9 });
    });
  }, 60_000);
  afterAll(() => s.server.close());

  test('the game that takes the sum to the threshold is held and queued, saying so; the honest player is not', async () => {
    await s.server.app.evidence!.idle();
    const repo = s.server.app.repos.evidence;
    const main = (await repo.get(s.mainGame))!;
    expect(main.score!).toBeLessThan(THRESHOLD);
    expect(main.held).toBe('held');
    expect(JSON.parse(main.signals!).running).toEqual({ games: 3, total: expect.closeTo(0.75 + main.score!, 6) });
    expect((await repo.get(s.honestGame))!.held).toBe('no');
    const [entry] = await s.server.app.repos.moderation.queue(10);
    expect(entry).toMatchObject({ kind: 'held', gameId: s.mainGame });
    expect(entry!.summary).toMatch(
      /^Running clairvoyance score \d\.\d\d over 3 games \(held from 1\.50\), 3 of them leaning/,
    );
  }, 240_000);
});
