import { createHash } from 'node:crypto';
import { DEFAULT_OPTIONS } from '@scorpion/rules';
import { type CertifiedDeal, createSolverPool, EVIDENCE_VERSION, findCertifiedDeal } from '@scorpion/solver';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { DealSource } from '../deals/source.ts';
import { signUp, TestClient } from '../test/client.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { playOn } from '../test/play.ts';

/*
 * The bench's bot that knows the deal (bench/evidence/bots.ts `knowing`) on the real server: a
 * daily of the daily's kind (a Scorpion deal the solver proved winnable, from a fixed seed: the
 * bench's third deal) played along the solver's line from the full deal, as one who learned the
 * hidden cards plays it, beside an honest player of the same deal who plays from the view alone.
 */
const DAY = '2026-06-02';
/**
 * Between the two scores on this deal (the knowing bot's 1.66, the honest player's −2.99): a
 * solver-line scout's one game does not reach the server's own ln 100 on a deal this easy
 * (bench/README.md says why); the running sum over their dailies does.
 */
const HOLD_FOR_TEST = 1;

const hex = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

let deal: CertifiedDeal;
let server: RunningServer;

beforeAll(async () => {
  const found = findCertifiedDeal({
    variant: 'scorpion',
    options: DEFAULT_OPTIONS,
    seedAt: (counter) => hex(`bench-evidence/deal/2/${counter}`),
    budget: { nodes: 400_000, ms: 600_000 },
  });
  if (!found) throw new Error('the bench deal is no longer certified');
  deal = found;
  const deals: DealSource = {
    daily: () => ({ seed: deal.seed, deck: deal.deck }),
    fresh: () => ({ seed: deal.seed, deck: deal.deck }),
  };
  let clock = Date.parse('2026-06-01T20:00:00Z');
  const pool = createSolverPool({ threads: 1 });
  server = await startServer({
    deals,
    now: () => clock,
    evidence: {
      pool,
      budgets: { analysis: { nodes: 100_000, ms: 600_000, tableMegabytes: 8 } },
      close: () => pool.close(),
      holdScore: HOLD_FOR_TEST,
    },
  });
  // Both signed up the day before: their dailies are ranked, so weighed.
  const knowing = await signUp(server.url, 'Knowing');
  const honest = await signUp(server.url, 'Honest');
  clock = Date.parse(`${DAY}T08:00:00Z`);
  const open = async (cookie: string) => {
    const client = await TestClient.connect(server.wsUrl, cookie);
    client.send({ type: 'daily-join' });
    return { client, game: (await client.next('game')).game };
  };
  const mine = await open(knowing.cookie);
  // The scout's tab hidden for the first 20 s of a 40 s game (reading the cards elsewhere, say).
  const tab = async (hidden: boolean, rows: number) => {
    mine.client.send({ type: 'tab-visibility', gameId: mine.game.gameId, hidden });
    await vi.waitFor(async () =>
      expect(await server.app.repos.evidence.tabVisibilityOf(mine.game.gameId)).toHaveLength(rows),
    );
  };
  await tab(true, 1);
  clock += 20_000;
  await tab(false, 2);
  clock += 20_000;
  const won = await mine.client.play(mine.game, deal.line);
  expect(won.status).toBe('won');
  mine.client.socket.close();
  clock += 60_000;
  const theirs = await open(honest.cookie);
  const tried = await playOn(theirs.client, theirs.game, 10);
  // Ten seconds of play with the tab in view all along.
  clock += 10_000;
  theirs.client.send({ type: 'give-up', gameId: tried.gameId });
  await theirs.client.next('game');
  theirs.client.socket.close();
  gameIds = { knowing: won.gameId, honest: tried.gameId };
}, 120_000);
afterAll(() => server?.close());

let gameIds: { knowing: string; honest: string };

test('the bot that plays the solver’s line from the full deal is held, by the solver model; the honest player is not', async () => {
  await server.app.evidence!.idle();
  const repo = server.app.repos.evidence;
  const knowing = (await repo.get(gameIds.knowing))!;
  const honest = (await repo.get(gameIds.honest))!;
  expect(knowing).toMatchObject({ status: 'done', version: EVIDENCE_VERSION, held: 'held' });
  expect(honest).toMatchObject({ status: 'done', version: EVIDENCE_VERSION, held: 'no' });
  expect(honest.score!).toBeLessThan(0);
  const { clairvoyance } = JSON.parse(knowing.signals!);
  // Its moves are the solver's at every position that mattered, against the odds of the view.
  expect(clairvoyance.models.solver).toBeGreaterThan(clairvoyance.models.keeps);
  expect(clairvoyance.agreed).toBe(clairvoyance.mattered);
  const queue = await server.app.repos.moderation.queue(10);
  expect(queue.map((e) => e.gameId)).toEqual([gameIds.knowing]);
  // The hidden tab is evidence beside the moves, for the moderator to read: half the game's time.
  expect(JSON.parse(knowing.signals!).tabHidden).toBeCloseTo(0.5);
  expect(JSON.parse(honest.signals!).tabHidden).toBe(0);
  expect(queue[0]!.summary).toContain('the tab hidden 50% of the game’s time');
}, 240_000);
