import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DailyBoard, DailyInfo } from '@scorpion/protocol';
import type { Card, Options, VariantId } from '@scorpion/rules';
import pg from 'pg';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { acceptEveryDeal, type Certifier } from '../../deals/certify.ts';
import { RankedDailyTaken } from '../../repo/errors.ts';
import { CERTIFY_LOCK } from '../../repo/postgres/daily.ts';
import { dailySortKey } from '../../repo/sort-key.ts';
import type { BoardRow } from '../../repo/types.ts';
import { signUp, TestClient } from '../../test/client.ts';
import { fixedDeals, WINNING } from '../../test/deals.ts';
import { type RunningServer, startServer } from '../../test/helper.ts';
import { getJson } from '../../test/http.ts';
import { twoTabsJoinAtOnce } from '../../test/two-tabs.ts';
import { boardMember } from '../adapters/daily-ranks.ts';
import { openRedis, type RedisLinks } from '../adapters/redis-links.ts';
import { freePort } from '../launcher/engines/ports.ts';
import { type RunningPostgres, startPostgres } from '../launcher/engines/postgres.ts';
import { type RunningRedis, startRedis } from '../launcher/engines/redis.ts';

/**
 * The daily across three processes on one PostgreSQL and one Redis: the day certified once,
 * one ranked game from two tabs on two processes, 3,000 results whose fast ranks equal the SQL
 * ranks (before and after Redis is emptied), past days closed by the leader alone.
 */

/** How long to wait for another connection or process to get somewhere on a loaded machine (never the point of a test). */
const PATIENT = { timeout: 20_000, interval: 20 };
const DAY = '2026-06-01';
const NEXT_DAY = '2026-06-02';
const PLAYERS = 3000;
/** One clock for every process, moved only by the test. */
let clock = Date.UTC(2026, 5, 1, 8, 0, 0);

/** Accepts every deal, counting its calls; the first waits until the test lets it go. */
class CountingCertifier implements Certifier {
  readonly name = 'counting';
  calls = 0;
  release!: () => void;
  private readonly held = new Promise<void>((resolve) => {
    this.release = resolve;
  });

  async certify(variant: VariantId, options: Options, deck: readonly Card[]) {
    this.calls += 1;
    await this.held;
    return acceptEveryDeal.certify(variant, options, deck);
  }
}

// PostgreSQL's directory is handed to its unprivileged user, so Redis gets one of its own.
const dir = mkdtempSync(join(tmpdir(), 'scorpion-daily-across-pg-'));
const redisDir = mkdtempSync(join(tmpdir(), 'scorpion-daily-across-redis-'));
const certifier = new CountingCertifier();
let postgres: RunningPostgres;
let redis: RunningRedis;
let links: RedisLinks;
let admin: pg.Client;
const servers: RunningServer[] = [];

beforeAll(async () => {
  postgres = await startPostgres({ dir, port: await freePort(), durable: false });
  redis = await startRedis({ dir: redisDir, port: await freePort() });
  links = await openRedis(redis.url);
  admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  for (const nodeId of ['a', 'b', 'c']) {
    servers.push(
      await startServer({
        databaseUrl: postgres.url,
        redisUrl: redis.url,
        nodeId,
        lease: { renewMs: 0 },
        now: () => clock,
        deals: fixedDeals,
        certifier,
      }),
    );
  }
}, 120_000);

afterAll(async () => {
  for (const server of servers) await server.close().catch(() => {});
  await admin?.end();
  await links?.close();
  await redis?.stop();
  await postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(redisDir, { recursive: true, force: true });
});

const services = (i: number) => servers[i]!.app;

/** The player's daily game on a process, straight from the daily service (as a socket's `daily-join`). */
async function joined(app: ReturnType<typeof services>, id: string) {
  const answer = await app.daily.join(id, { address: id, device: '' });
  if (!answer.ok) throw new Error(answer.message);
  return answer.value;
}

/** Runs `task` for each item, `width` at a time. */
async function inBatches<T>(items: readonly T[], width: number, task: (item: T, i: number) => Promise<void>) {
  for (let start = 0; start < items.length; start += width) {
    await Promise.all(items.slice(start, start + width).map((item, j) => task(item, start + j)));
  }
}

test('three processes asked for a new day at once: the certifier runs once, the others wait and show its deal', async () => {
  const asks = servers.map((s) => getJson(`${s.url}/api/daily`, DailyInfo));
  // The two others queue on PostgreSQL's lock while the first certifies.
  await expect
    .poll(async () => {
      const { rows } = await admin.query<{ n: string }>(
        "SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND classid = $1",
        [CERTIFY_LOCK],
      );
      return Number(rows[0]!.n);
    }, PATIENT)
    .toBe(2);
  certifier.release();
  const shown = await Promise.all(asks);
  expect(shown.map((s) => [s.status, s.body.date])).toStrictEqual(Array(3).fill([200, DAY]));
  expect(certifier.calls).toBe(1);
  expect(await services(0).repos.daily.get(DAY)).toMatchObject({ certifiedBy: 'counting' });
});

test('two tabs on two processes joining at once get one ranked game: the later write finds it taken and joins it', async () => {
  const { me, onA, onB, first: a, second: b, stores } = await twoTabsJoinAtOnce(servers[0]!, servers[1]!);
  expect(stores[0]).toMatchObject({ type: 'rejected', value: expect.any(RankedDailyTaken) });
  expect(b).toMatchObject({ gameId: a.gameId, ranked: true, seq: 0 });
  expect(await services(2).repos.games.dailyOf(me.id, DAY)).toStrictEqual([
    { id: a.gameId, status: 'playing', ranked: true },
  ]);
  // Either tab plays it: a move from one is stored once; the other's process answers stale with the game as stored.
  await onB.play(b, [WINNING.moves[0]]);
  expect(await onA.act({ type: 'move', gameId: a.gameId, expect: 0, move: WINNING.moves[0]! })).toMatchObject({
    type: 'error',
    code: 'stale',
    game: { seq: 1 },
  });
  onA.send({ type: 'give-up', gameId: a.gameId });
  await onA.next('game', (g) => g.game.status === 'gave-up');
  onA.socket.close();
  onB.socket.close();
});

test('3,000 results finished through three processes: every fast rank is the SQL rank, the count and the top 100 agree, and so does the board rebuilt after Redis is emptied', async () => {
  const ids = Array.from({ length: PLAYERS }, (_, i) => `daily-${String(i).padStart(4, '0')}`);
  await inBatches(ids, 200, (id, i) =>
    services(i % 3)
      .repos.players.create({ id, nickname: `D${i}`, nicknameKey: `d${i}`, tokenHash: `hash ${id}`, at: 0 })
      .then(() => {}),
  );

  // A few winners over real sockets on each process, the crowd through the services: each joins
  // where it lands, plays 0 to 2 moves of the known line and gives up, a batch per second.
  const winners = await Promise.all(servers.map((s, i) => signUp(s.url, `Winner${i}`)));
  for (const [i, winner] of winners.entries()) {
    const client = await TestClient.connect(servers[i]!.wsUrl, winner.cookie);
    client.send({ type: 'daily-join' });
    clock += 7_000;
    const won = await client.play((await client.next('game')).game, WINNING.moves);
    expect(won.status).toBe('won');
    client.socket.close();
  }
  await inBatches(ids, 60, async (id, i) => {
    const s = services(i % 3);
    if (i % 60 === 0) clock += 1_000;
    const game = await joined(s, id);
    for (let seq = 0; seq < i % 3; seq++) {
      expect(await s.games.act(id, game.row.id, seq, WINNING.moves[seq]!)).toMatchObject({ ok: true });
    }
    expect(await s.games.giveUp(id, game.row.id)).toMatchObject({ ok: true });
  });

  const played = PLAYERS + winners.length + 1;
  expect(await services(0).repos.boards.dailyCounts(DAY)).toStrictEqual({ played, won: winners.length });
  const sql = await services(0).repos.boards.daily(DAY, 0, played + 10);
  expect(sql).toHaveLength(played);

  // The board is built in Redis from PostgreSQL's order (by this process, or one that asked first).
  await services(1).ranks!.rebuild(DAY);
  await expect.poll(() => links.commands.zcard(`board:${DAY}`), PATIENT).toBe(played);
  const board = await links.commands.zrange(`board:${DAY}`, 0, -1);
  expect(board).toStrictEqual(sql.map((r) => boardMember({ ...r, sortKey: dailySortKey(r) })));

  const everyFastRank = async () => {
    const sqlRanks = servers.map((s) => vi.spyOn(s.app.repos.boards, 'dailyRankOf'));
    const fast: [string, number][] = [];
    await inBatches(sql, 60, async (row, i) => {
      const mine = await services(i % 3).ranks!.rankOf(DAY, row.playerId);
      fast.push([row.playerId, mine!.rank]);
    });
    for (const spy of sqlRanks) {
      expect(spy).not.toHaveBeenCalled();
      spy.mockRestore();
    }
    return new Map(fast);
  };
  const sqlRank = new Map(sql.map((r) => [r.playerId, r.rank]));
  expect(await everyFastRank()).toStrictEqual(sqlRank);

  // The top 100 and the count as each process serves them, with a player's own rank.
  const top = sql.slice(0, 100).map(publicRow);
  const someone = winners[1]!;
  for (const s of servers) {
    const served = await getJson(
      `${s.url}/api/leaderboards/daily?date=${DAY}&pageSize=100`,
      DailyBoard,
      someone.cookie,
    );
    expect(served.body).toMatchObject({ played, won: winners.length, me: { rank: sqlRank.get(someone.id) } });
    expect(served.body.rows.map((r) => [r.rank, r.nickname, r.won, r.timeMs])).toStrictEqual(top);
  }

  // Redis emptied (restarted without its data): the board rebuilt is the same, and so is every rank.
  await links.commands.flushall();
  await services(2).ranks!.rebuild(DAY);
  await expect.poll(() => links.commands.zcard(`board:${DAY}`), PATIENT).toBe(played);
  expect(await links.commands.zrange(`board:${DAY}`, 0, -1)).toStrictEqual(board);
  expect(await everyFastRank()).toStrictEqual(sqlRank);
}, 600_000);

const publicRow = (r: BoardRow) => [r.rank, r.nickname, r.won, r.timeMs];

test('past days are closed by the leader alone; when it stops, another process takes the lead', async () => {
  // Two players leave the day unfinished, on two processes.
  const open: string[] = [];
  for (const [i, id] of ['open-0', 'open-1'].entries()) {
    await services(i).repos.players.create({ id, nickname: id, nicknameKey: id, tokenHash: `hash ${id}`, at: 0 });
    open.push((await joined(services(i + 1), id)).row.id);
  }
  // Who closed what, counted where it happens (a process's minute sweep may ask too).
  const closedBy = () => {
    const spies = servers.map((s) => vi.spyOn(s.app.games, 'close'));
    return () => spies.map((spy) => spy.mock.calls.map(([id]) => id).sort());
  };
  let closed = closedBy();
  clock = Date.parse(`${NEXT_DAY}T00:00:05Z`);
  await Promise.all(servers.map((s) => s.app.daily.closePastDays()));
  // The first process to start took the lead at its start, and keeps it.
  expect(closed()).toStrictEqual([open.sort(), [], []]);
  expect(await services(1).repos.games.openDailiesBefore(NEXT_DAY)).toStrictEqual([]);
  vi.restoreAllMocks();

  // The leader stops: its lock goes with its connection, and the next process to ask leads.
  const left = (await joined(services(1), 'open-0')).row.id;
  await servers[0]!.close();
  servers.shift();
  closed = closedBy();
  clock = Date.parse('2026-06-03T00:00:05Z');
  await Promise.all(servers.map((s) => s.app.daily.closePastDays()));
  expect(closed().flat()).toStrictEqual([left]);
  expect(await servers[0]!.app.repos.games.openDailiesBefore('2026-06-03')).toStrictEqual([]);
  vi.restoreAllMocks();
});
