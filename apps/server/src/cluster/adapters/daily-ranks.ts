import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Clock } from '../../clock.ts';
import { dailySortKey } from '../../repo/sort-key.ts';
import type { BoardKey, BoardRow, DailyResultRow, Repos } from '../../repo/types.ts';

const boardKey = (date: string) => `board:${date}`;
/** Held while one process rebuilds the day (its token is the lock); results stored meanwhile go to `next` too. */
const buildingKey = (date: string) => `board:${date}:building`;
const nextKey = (date: string) => `board:${date}:next`;

/**
 * The board's whole order as one string per result, so that a sorted set with every score 0
 * (ordered by member, bytewise) is the board: `sort_key`, then `finished_at`, then the player id,
 * ascending, exactly as `repo/sqlite/boards.ts` orders a day. Both numbers are fixed-width hex
 * (the sort key stays below 2^53, 14 digits; a millisecond time below 2^48, 12 digits).
 */
export function boardMember(k: BoardKey): string {
  const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
  return `${hex(k.sortKey, 14)}${hex(k.finishedAt, 12)}${k.playerId}`;
}

const keyOf = (r: DailyResultRow): BoardKey => ({
  sortKey: dailySortKey(r),
  finishedAt: r.finishedAt,
  playerId: r.playerId,
});

/** Adds a result to the day's board, and to the board being rebuilt, when either exists. */
const ADD = `
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('ZADD', KEYS[1], 0, ARGV[1]) end
if redis.call('EXISTS', KEYS[2]) == 1 then redis.call('ZADD', KEYS[3], 0, ARGV[1]) end
return 1`;

/** Takes a result off the day's board, and off the board being rebuilt. */
const REMOVE = `
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
return 1`;

/** The rebuilt board replaces the day's, if this rebuild still holds the lock (Redis was not emptied meanwhile). */
const PUBLISH = `
if redis.call('GET', KEYS[2]) ~= ARGV[1] or redis.call('EXISTS', KEYS[3]) == 0 then return 0 end
redis.call('RENAME', KEYS[3], KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('DEL', KEYS[2])
return 1`;

export interface DailyRanksOptions {
  readonly redis: Redis;
  readonly repos: Pick<Repos, 'boards' | 'players'>;
  readonly now: Clock;
  /** Results read from the database per query while rebuilding. */
  readonly pageSize?: number;
  /** How long a board not rebuilt stays in Redis (a past day's is rebuilt when asked again). */
  readonly keepMs?: number;
  /** A board that disagrees with the day's count for this long (not just a result on its way) is rebuilt. */
  readonly suspectMs?: number;
}

/**
 * A player's rank on a daily board from a Redis sorted set per day: `ZRANK` is logarithmic where
 * the SQL count of everyone ahead is linear in the day's results. The set is rebuilt from the
 * database when it is missing (one process at a time), a ranked result is added as it is
 * stored, and an answer comes from it only while its size equals the day's stored count and it
 * holds the player's result: otherwise the SQL rank answers, so both always agree.
 */
export class DailyRanks {
  private readonly redis: Redis;
  private readonly repos: Pick<Repos, 'boards' | 'players'>;
  private readonly now: Clock;
  private readonly pageSize: number;
  private readonly keepMs: number;
  private readonly suspectMs: number;
  /** The days whose board disagreed with the count, and since when. */
  private readonly suspect = new Map<string, number>();
  private readonly rebuilding = new Map<string, Promise<boolean>>();

  constructor(o: DailyRanksOptions) {
    this.redis = o.redis;
    this.repos = o.repos;
    this.now = o.now;
    this.pageSize = o.pageSize ?? 20_000;
    this.keepMs = o.keepMs ?? 3 * 24 * 3_600_000;
    this.suspectMs = o.suspectMs ?? 30_000;
  }

  /** The player's row with their rank, as `BoardsRepo.dailyRankOf` answers it. */
  async rankOf(date: string, playerId: string): Promise<BoardRow | undefined> {
    const { boards, players } = this.repos;
    const mine = await boards.dailyResultOf(date, playerId);
    if (!mine) return undefined;
    const fast = await this.fastRank(date, mine).catch(() => undefined);
    if (fast === undefined) return boards.dailyRankOf(date, playerId);
    const player = await players.byId(playerId);
    if (!player) return boards.dailyRankOf(date, playerId);
    return { ...mine, nickname: player.nickname, rank: fast };
  }

  /** A ranked result was stored: its day's board holds it from now on. */
  async stored(date: string, playerId: string): Promise<void> {
    const row = await this.repos.boards.dailyResultOf(date, playerId);
    if (row) await this.redis.eval(ADD, 3, boardKey(date), buildingKey(date), nextKey(date), boardMember(keyOf(row)));
  }

  /**
   * A result no longer counts (held on its evidence, or its player marked): off the day's board
   * at once, not at the next rebuild. A rebuild under way read it or not; either way it leaves `next` here.
   */
  async removed(date: string, key: BoardKey): Promise<void> {
    await this.redis.eval(REMOVE, 3, boardKey(date), buildingKey(date), nextKey(date), boardMember(key));
  }

  /**
   * Reads the whole day from the database into a new set and puts it in place; false when
   * another process holds the lock (it is rebuilding) or Redis lost the lock meanwhile.
   */
  rebuild(date: string): Promise<boolean> {
    let running = this.rebuilding.get(date);
    if (!running) {
      running = this.rebuildNow(date).finally(() => this.rebuilding.delete(date));
      this.rebuilding.set(date, running);
    }
    return running;
  }

  private async fastRank(date: string, mine: DailyResultRow): Promise<number | undefined> {
    const key = boardKey(date);
    const [answers, counts] = await Promise.all([
      this.redis
        .multi()
        .zrank(key, boardMember(keyOf(mine)))
        .zcard(key)
        .exec(),
      this.repos.boards.dailyCounts(date),
    ]);
    const failed = !answers || answers.some(([error]) => error);
    if (failed) throw new Error(`reading board:${date} failed`);
    const rank = answers[0]![1] as number | null;
    const size = answers[1]![1] as number;
    if (size === 0) {
      void this.rebuild(date).catch(() => {});
      return undefined;
    }
    if (rank === null || size !== counts.played) {
      this.disagreed(date);
      return undefined;
    }
    this.suspect.delete(date);
    return rank + 1;
  }

  /**
   * A result on its way (stored, not yet added) makes the set one short for a moment; one that
   * never arrived (Redis briefly unreachable) keeps it short: only that is worth a rebuild.
   */
  private disagreed(date: string): void {
    const since = this.suspect.get(date);
    if (since === undefined) this.suspect.set(date, this.now());
    else if (this.now() - since >= this.suspectMs) {
      this.suspect.delete(date);
      void this.rebuild(date).catch(() => {});
    }
  }

  private async rebuildNow(date: string): Promise<boolean> {
    const token = randomUUID();
    const lockMs = 5 * 60_000;
    if ((await this.redis.set(buildingKey(date), token, 'PX', lockMs, 'NX')) !== 'OK') return false;
    try {
      await this.redis.del(nextKey(date));
      // Paged by key, from the board's index: results stored meanwhile behind the page read
      // are not read, but they reach `next` through ADD, as everything stored from now on does.
      let after: BoardKey | undefined;
      for (;;) {
        const keys = await this.repos.boards.dailyOrder(date, after, this.pageSize);
        if (keys.length > 0) await this.redis.zadd(nextKey(date), ...keys.flatMap((k) => [0, boardMember(k)]));
        if (keys.length < this.pageSize) break;
        after = keys.at(-1);
      }
      const done = await this.redis.eval(
        PUBLISH,
        3,
        boardKey(date),
        buildingKey(date),
        nextKey(date),
        token,
        this.keepMs,
      );
      return done === 1;
    } finally {
      // A rebuild that failed half-way leaves no lock behind (if it still holds it).
      const held = await this.redis.get(buildingKey(date)).catch(() => undefined);
      if (held === token) await this.redis.del(buildingKey(date), nextKey(date)).catch(() => {});
    }
  }
}
