import { createSolverPool } from '@scorpion/solver';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { fixedDeals, WINNING } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { joinRoom, openRoom, type Player, players, roomWhere } from '../test/rooms.ts';

/** Below the winner's score (its straight line keeps the deal against the odds at a few positions) and above an unmoved game's (0). */
const HOLD_FOR_TEST = 0.25;

let server: RunningServer;

beforeAll(async () => {
  // Normal priority here: at the lowest, a busy test machine starves it (pool.test.ts checks the priority).
  const pool = createSolverPool({ threads: 1 });
  server = await startServer({
    deals: fixedDeals,
    countdownMs: 100,
    evidence: {
      pool,
      budgets: { analysis: { nodes: 100_000, ms: 600_000, tableMegabytes: 8 } },
      close: () => pool.close(),
      holdScore: HOLD_FOR_TEST,
    },
  });
}, 60_000);
afterAll(() => server.close());

/** One race of the room: `winner` plays the fixed deal's winning line, the other gives up unmoved. */
async function race(host: Player, other: Player, code: string, winner: Player) {
  host.client.send({ type: 'room-start', code });
  const games = new Map<Player, Awaited<ReturnType<typeof host.client.next<'game'>>>['game']>();
  for (const p of [host, other]) {
    games.set(p, (await p.client.next('game', (g) => g.game.seq === 0 && g.game.status === 'playing')).game);
  }
  const raceId = games.get(host)!.raceId;
  await roomWhere(host.client, (r) => r.status === 'racing' && r.race?.raceId === raceId);
  await winner.client.play(games.get(winner)!, WINNING.moves);
  const loser = winner === host ? other : host;
  loser.client.send({ type: 'give-up', gameId: games.get(loser)!.gameId });
  const over = await host.client.next('race-over', (f) => f.raceId === raceId);
  await other.client.next('race-over', (f) => f.raceId === raceId);
  return over;
}

test("a rated race's games are weighed when it ends, a held one goes to the moderators; an unrated race's are not weighed", async () => {
  const { repos, evidence } = server.app;
  const [ann, bo] = await players(server, 'Weighed Ann', 'Weighed Bo');
  const rated = await openRoom(ann!.client, 0, { rated: true });
  await joinRoom(bo!.client, rated);
  const over = await race(ann!, bo!, rated, ann!);
  const [annGame, boGame] = over.results.map((r) => r.gameId);
  // Queued as each game ended (a read of its race first), then weighed on the pool's thread.
  await vi.waitFor(async () => {
    await evidence!.idle();
    for (const id of [annGame!, boGame!]) expect((await repos.evidence.get(id))?.status).toBe('done');
  }, 90_000);
  const annWeighed = await repos.evidence.get(annGame!);
  expect(annWeighed).toMatchObject({ status: 'done', held: 'held', playerId: ann!.id });
  expect(annWeighed!.score!).toBeGreaterThanOrEqual(HOLD_FOR_TEST);
  expect(await repos.evidence.get(boGame!)).toMatchObject({ status: 'done', held: 'no', score: 0 });
  // The same path as a held daily: one entry in the queue, with its evidence in a sentence.
  expect(await repos.moderation.queue(10)).toMatchObject([{ kind: 'held', playerId: ann!.id, gameId: annGame }]);
  // The ratings moved at once and stay moved: a moderator's mark gives the opponents their points
  // back (the refund), a clear leaves them (see docs/operations.md, "Rated races").
  expect(over.ratings).not.toBeNull();

  const plain = await openRoom(bo!.client);
  await joinRoom(ann!.client, plain);
  const unrated = await race(bo!, ann!, plain, ann!);
  for (const r of unrated.results) {
    const row = (await repos.games.get(r.gameId))!;
    expect(await evidence!.weighs(row)).toBe(false);
  }
  await evidence!.idle();
  for (const r of unrated.results) expect(await repos.evidence.get(r.gameId)).toBeUndefined();
}, 120_000);
