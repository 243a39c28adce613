import { afterEach, beforeEach, expect, test } from 'vitest';
import { LiveGame } from '../games/live-game.ts';
import { newGameRow } from '../games/new-row.ts';
import { NOWHERE } from '../games/policy.ts';
import { sqliteRepos } from '../repo/sqlite/index.ts';
import type { GameRow, Repos } from '../repo/types.ts';
import { FIXED_SEED, WINNING, WINNING_DECK } from '../test/deals.ts';
import { dailyGame } from './deal.ts';
import { DailyPolicy } from './policy.ts';

const DAY = '2026-06-01';
const NOON = Date.parse(`${DAY}T12:00:00Z`);
const NEXT_DAY = Date.parse('2026-06-02T00:00:00Z');
const DEAL = {
  date: DAY,
  day: 152,
  variant: 'scorpion' as const,
  seed: FIXED_SEED,
  deck: WINNING_DECK,
  candidate: 0,
  certifiedBy: 'none',
  line: null,
  difficulty: null,
};

let repos: Repos;
let policy: DailyPolicy;
beforeEach(async () => {
  repos = sqliteRepos(':memory:');
  policy = new DailyPolicy(repos);
  await repos.players.create({ id: 'p', nickname: 'P', nicknameKey: 'p', tokenHash: 'h', at: 0 });
  await repos.daily.put(DEAL);
});
afterEach(() => repos.close());

/** A stored daily game of the day with `moves` of the winning line stored and played. */
async function played(moves: number, changes: Partial<GameRow> = {}): Promise<LiveGame> {
  const row = { ...newGameRow(dailyGame('p', DEAL, true), NOON), ...changes };
  await repos.games.create(row);
  const log = WINNING.moves.slice(0, moves).map((move, seq) => ({ seq, action: move, at: NOON }));
  for (const stored of log) await repos.games.append(row.id, stored);
  return new LiveGame(row, log);
}

test('a daily game is open during its day and times out once the day is over', () => {
  const row = newGameRow(dailyGame('p', DEAL, true), NOON);
  expect(policy.gate(row, NOON)).toBe('open');
  expect(policy.gate(row, NEXT_DAY - 1)).toBe('open');
  expect(policy.gate(row, NEXT_DAY)).toBe('timed-out');
});

test('a daily game is public once its day is over, whether or not it is', async () => {
  const row = newGameRow(dailyGame('p', DEAL, true), NOON);
  expect(await policy.isPublic({ ...row, status: 'won' }, NOON)).toBe(false);
  expect(await policy.isPublic(row, NEXT_DAY)).toBe(true);
  expect(await policy.placeOf(row)).toEqual({ ...NOWHERE, daily: { date: DAY, day: 152 } });
});

test('the end of a ranked game stores a verified result that counts; an unranked one stores nothing', async () => {
  const won = await played(WINNING.moves.length);
  const finish = await policy.onEnd(won, { status: 'won', finishedAt: NOON + 90_000, timeMs: 90_000 });
  expect(finish?.result).toMatchObject({ date: DAY, playerId: 'p', won: true, timeMs: 90_000, verified: true });
  expect(finish?.totals?.(undefined)).toMatchObject({ dailyPlayed: 1, dailyWins: 1, currentStreak: 1 });

  const practice = await played(3, { ranked: false });
  expect(await policy.onEnd(practice, { status: 'gave-up', finishedAt: NOON, timeMs: 0 })).toBeUndefined();
});

test("a ranked game that is not the day's deal is stored unverified, and does not count", async () => {
  const other = await played(3, { seed: 'f'.repeat(32) });
  const finish = await policy.onEnd(other, { status: 'gave-up', finishedAt: NOON, timeMs: 1000 });
  expect(finish?.result.verified).toBe(false);
  expect(finish?.totals).toBeUndefined();
});

test("a marked player's result is stored, verified, but counts in no total or day's count", async () => {
  const log = { id: 'l', moderatorId: 'm', action: 'mark' as const, playerId: 'p', reason: 'seen', at: NOON };
  await repos.moderation.mark({ ...log, cases: [], unmarked: false, undoneAt: null, undoneBy: null }, []);
  const won = await played(WINNING.moves.length);
  const finish = await policy.onEnd(won, { status: 'won', finishedAt: NOON + 90_000, timeMs: 90_000 });
  expect(finish?.result).toMatchObject({ won: true, verified: true });
  expect(finish?.totals).toBeUndefined();
});
