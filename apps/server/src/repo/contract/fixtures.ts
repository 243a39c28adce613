import { dailyFinish } from '../../daily/stats.ts';
import { newGameRow } from '../../games/new-row.ts';
import { ModerationService } from '../../moderation/service.ts';
import { WINNING_DECK } from '../../test/deals.ts';
import type { ArenaRow, DailyFlag, GameRow, Repos } from '../types.ts';

/** A fresh, empty store for each test: the contract's only door to an implementation. */
export type FreshRepos = () => Promise<Repos>;

/** Signs a player up (once) as `p{i}`-style ids with a nickname of their own. */
export async function player(repos: Repos, id: string): Promise<void> {
  await repos.players.create({ id, nickname: `N ${id}`, nicknameKey: `n ${id}`, tokenHash: `hash ${id}`, at: 0 });
}

/** A private ten-minute arena from 1,000 to 601,000, made by p1; `spec` changes any of it. */
export function arenaRow(id: string, spec: Partial<ArenaRow> = {}): ArenaRow {
  return {
    id,
    kind: 'private',
    name: `Arena ${id}`,
    variant: 'scorpion',
    startsAt: 1_000,
    endsAt: 601_000,
    minutes: 10,
    createdBy: 'p1',
    createdAt: 500,
    winnerId: null,
    settledAt: null,
    ...spec,
  };
}

export function gameRow(playerId: string, spec: Partial<GameRow> = {}): GameRow {
  return {
    ...newGameRow(
      {
        playerId,
        kind: 'practice',
        variant: 'scorpion',
        options: { foundations: false, open: false },
        seed: null,
        playerSeed: false,
        deck: WINNING_DECK,
      },
      1_000,
    ),
    ...spec,
  };
}

export interface Result {
  readonly playerId: string;
  readonly date: string;
  readonly won?: boolean;
  readonly timeMs: number;
  readonly moves?: number;
  readonly verified?: boolean;
  readonly finishedAt?: number;
  /** Kept off the board, for this reason. */
  readonly flag?: DailyFlag;
}

/**
 * A ranked daily result, stored the way a finished game stores one: its game row created and
 * ended with the result (and, when verified, the totals and the day's counts) in one transaction.
 */
export async function storeResult(repos: Repos, r: Result): Promise<void> {
  const won = r.won ?? true;
  const end = { moves: r.moves ?? 50, undos: 0, progress: won ? 104 : 20, faceDown: won ? 0 : 3 };
  const row = gameRow(r.playerId, { kind: 'daily', dailyDate: r.date, ranked: true });
  await repos.games.create(row);
  const finishedAt = r.finishedAt ?? r.timeMs;
  await repos.games.finish(
    row.id,
    { status: won ? 'won' : 'gave-up', finishedAt, timeMs: r.timeMs, seq: end.moves, ...end },
    dailyFinish(
      {
        date: r.date,
        playerId: r.playerId,
        gameId: row.id,
        won,
        timeMs: r.timeMs,
        verified: r.verified ?? true,
        finishedAt,
        ...end,
      },
      r.flag,
    ),
  );
}

/** The day `n` days after 2026-06-01, as a board's date. */
export function dayAfter(n: number): string {
  return new Date(Date.UTC(2026, 5, 1 + n)).toISOString().slice(0, 10);
}

/** Every page of a board, `size` rows at a time, put together. */
export async function allPages<T>(read: (offset: number, limit: number) => Promise<T[]>, size: number): Promise<T[]> {
  const rows: T[] = [];
  for (let offset = 0; ; offset += size) {
    const page = await read(offset, size);
    rows.push(...page);
    if (page.length < size) return rows;
  }
}

/** The moderators' service as the app wires it: a decision moves a held game through its evidence row. */
export function moderationOf(repos: Repos, now: number): ModerationService {
  return new ModerationService(repos, () => now, {
    hold: async (gameId) => void (await repos.evidence.decide(gameId, 'held')),
    release: async (gameId) => void (await repos.evidence.decide(gameId, 'cleared')),
  });
}
