import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { resultOf } from '../../arenas/arena-row.ts';
import { sheet, tableKey } from '../../arenas/scoring.ts';
import type { SharedChanges, SharedTables } from '../../arenas/shared-table.ts';
import type { Clock } from '../../clock.ts';
import type { ArenaResultRow, ArenaRow, Repos } from '../../repo/types.ts';

/**
 * One arena's keys. `table` is the order (member the player, score `tableKey` of their sheet);
 * `rows` the player's entry: their nickname and stored games, from which any process computes
 * the same sheet with `scoring.ts` (fire, streak and per-deal points included). `changed` has
 * each player once, scored by the `seq` of their last write: a process asks only for what
 * changed since the seq it last read. `built` names the build whose entries are complete (every
 * player, as stored): without it the table does not answer.
 */
const keysOf = (id: string) => ({
  table: `arena:${id}:table`,
  rows: `arena:${id}:rows`,
  changed: `arena:${id}:changed`,
  seq: `arena:${id}:seq`,
  built: `arena:${id}:built`,
  building: `arena:${id}:building`,
});

/**
 * Writes a player's entry, its place in the order and its change, all at once (a script runs
 * alone): no process ever reads a score without its sheet. An entry older than the one held is
 * dropped: games only move forward (dealt, then ended), so `v` counts them, and two processes
 * writing one player out of order leave the newer.
 */
const PUT = `
local old = redis.call('HGET', KEYS[2], ARGV[1])
if old and cjson.decode(old).v >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[4])
local seq = redis.call('INCR', KEYS[4])
redis.call('ZADD', KEYS[3], seq, ARGV[1])
for i = 1, 4 do redis.call('PEXPIRE', KEYS[i], ARGV[5]) end
return seq`;

/**
 * The entries changed after seq ARGV[2] of build ARGV[1] (all of them under another build), with
 * the build and its seq now; nil while no build is complete.
 */
const READ = `
local built = redis.call('GET', KEYS[1])
if not built then return nil end
local from = '(' .. ARGV[2]
if built ~= ARGV[1] then from = '-inf' end
local members = redis.call('ZRANGEBYSCORE', KEYS[2], from, '+inf')
local rows = {}
for i, member in ipairs(members) do rows[i] = redis.call('HGET', KEYS[3], member) end
return {built, redis.call('GET', KEYS[4]) or '0', members, rows}`;

/** The rebuild is complete: its build answers from now on, if it still holds the lock (Redis was not emptied meanwhile). */
const COMPLETE = `
if redis.call('GET', KEYS[2]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('DEL', KEYS[2])
return 1`;

/** Long enough for a rebuild of a large arena; a process that dies holding it only delays the next. */
const BUILD_LOCK_MS = 60_000;
/** The keys outlive the arena by this much: its final table is storage's, read once at its end. */
const KEEP_AFTER_END_MS = 3_600_000;

/** Entries written per round trip while rebuilding. */
const REBUILD_BATCH = 500;

interface Entry {
  readonly v: number;
  readonly name: string;
  readonly results: readonly ArenaResultRow[];
}

/** Games only move forward: each one dealt counts 1, and 1 more once it has ended. */
export function versionOf(results: readonly ArenaResultRow[]): number {
  return results.reduce((v, r) => v + (r.status === 'playing' ? 1 : 2), 0);
}

/** The player's key in the order, from their stored games, as `LiveArena` would score them. */
export function keyOf(arena: Pick<ArenaRow, 'variant' | 'endsAt'>, results: readonly ArenaResultRow[]): number {
  return tableKey(sheet(results.map((r) => resultOf(r, arena)).sort((a, b) => a.deal - b.deal)));
}

/** PUT's keys and arguments for one player's entry, kept for `keepMs`. */
function putArgs(arena: ArenaRow, playerId: string, entry: Entry, keepMs: number): (string | number)[] {
  const k = keysOf(arena.id);
  const key = keyOf(arena, entry.results);
  return [k.table, k.rows, k.changed, k.seq, playerId, entry.v, key, JSON.stringify(entry), keepMs];
}

export interface ArenaTablesOptions {
  readonly redis: Redis;
  readonly repos: Pick<Repos, 'arenas'>;
  readonly now: Clock;
  readonly failed: (error: unknown, what: string) => void;
}

/**
 * The arenas' tables in Redis (`SharedTables`): a cache rebuilt from PostgreSQL, never the truth.
 * A player's entry is written from a read of their own stored games after each change, so it is
 * exact whichever process stored what; a write that fails (Redis away) marks the arena, and once
 * Redis answers again its table is rebuilt from storage before it answers anyone. Rebuilt too
 * when Redis lost it (restarted empty), by one process at a time.
 */
export class ArenaTables implements SharedTables {
  private readonly o: ArenaTablesOptions;
  /** Per arena, the build and seq this process has read up to. */
  private readonly seen = new Map<string, { built: string; seq: number }>();
  /** Arenas whose entry written here may be missing from Redis: rebuilt before they are read. */
  private readonly lost = new Set<string>();
  private readonly rebuilding = new Map<string, Promise<void>>();

  constructor(o: ArenaTablesOptions) {
    this.o = o;
  }

  stored(arena: ArenaRow, playerId: string, name: string): void {
    this.put(arena, playerId, name).catch((error: unknown) => {
      this.lost.add(arena.id);
      this.o.failed(error, `arena ${arena.id}: the shared table missed a result; it is rebuilt when Redis answers`);
    });
  }

  async changes(arena: ArenaRow): Promise<SharedChanges | undefined> {
    const { redis } = this.o;
    if (redis.status !== 'ready') return undefined;
    const keys = keysOf(arena.id);
    try {
      if (this.lost.has(arena.id)) {
        // Nobody reads it until it is whole again: the others read storage meanwhile.
        await redis.del(keys.built);
        this.lost.delete(arena.id);
        this.rebuild(arena);
        return undefined;
      }
      const seen = this.seen.get(arena.id) ?? { built: '', seq: 0 };
      const answer = (await redis.eval(READ, 4, keys.built, keys.changed, keys.rows, keys.seq, seen.built, seen.seq)) as
        | [string, string, string[], (string | null)[]]
        | null;
      if (answer === null) {
        this.rebuild(arena);
        return undefined;
      }
      const [built, seq, members, rows] = answer;
      this.seen.set(arena.id, { built, seq: Number(seq) });
      const players: { playerId: string; name: string }[] = [];
      const results: ArenaResultRow[] = [];
      for (const [i, playerId] of members.entries()) {
        const row = rows[i];
        if (!row) continue;
        const entry = JSON.parse(row) as Entry;
        players.push({ playerId, name: entry.name });
        results.push(...entry.results);
      }
      return { players, results };
    } catch (error) {
      this.o.failed(error, `arena ${arena.id}: the shared table did not answer; read from storage`);
      return undefined;
    }
  }

  forget(arenaId: string): void {
    this.seen.delete(arenaId);
    this.lost.delete(arenaId);
  }

  private async put(arena: ArenaRow, playerId: string, name: string): Promise<void> {
    const { redis, repos } = this.o;
    if (redis.status !== 'ready') throw new Error('Redis is not connected');
    const results = await repos.arenas.results(arena.id, playerId);
    await this.write(arena, playerId, { v: versionOf(results), name, results });
  }

  /** On the server's clock (an injected one in tests), not Redis's. */
  private keepMs(arena: ArenaRow): number {
    return Math.max(1, arena.endsAt + KEEP_AFTER_END_MS - this.o.now());
  }

  private async write(arena: ArenaRow, playerId: string, entry: Entry): Promise<void> {
    await this.o.redis.eval(PUT, 4, ...putArgs(arena, playerId, entry, this.keepMs(arena)));
  }

  loaded(
    arena: ArenaRow,
    players: readonly { playerId: string; name: string }[],
    results: readonly ArenaResultRow[],
  ): void {
    if (this.o.redis.status !== 'ready') return;
    this.writeAll(arena, players, results).catch((error: unknown) => {
      this.lost.add(arena.id);
      this.o.failed(
        error,
        `arena ${arena.id}: the shared table was not brought up to storage; rebuilt when Redis answers`,
      );
    });
  }

  /** Every player's entry from a read of the arena in storage, `REBUILD_BATCH` to a round trip; newer entries stay. */
  private async writeAll(
    arena: ArenaRow,
    players: readonly { playerId: string; name: string }[],
    results: readonly ArenaResultRow[],
  ): Promise<void> {
    const byPlayer = new Map<string, ArenaResultRow[]>(players.map((p) => [p.playerId, []]));
    for (const r of results) byPlayer.get(r.playerId)?.push(r);
    for (let i = 0; i < players.length; i += REBUILD_BATCH) {
      const batch = this.o.redis.pipeline();
      for (const { playerId, name } of players.slice(i, i + REBUILD_BATCH)) {
        const own = byPlayer.get(playerId)!;
        const entry = { v: versionOf(own), name, results: own };
        batch.eval(PUT, 4, ...putArgs(arena, playerId, entry, this.keepMs(arena)));
      }
      for (const [error] of (await batch.exec()) ?? []) if (error) throw error;
    }
  }

  /** In the background, once per arena at a time here, and by one process at a time (a lock in Redis). */
  private rebuild(arena: ArenaRow): void {
    if (this.rebuilding.has(arena.id)) return;
    const running = this.rebuildNow(arena)
      .catch((error: unknown) =>
        this.o.failed(error, `arena ${arena.id}: the shared table's rebuild failed; tried again`),
      )
      .finally(() => this.rebuilding.delete(arena.id));
    this.rebuilding.set(arena.id, running);
  }

  /**
   * Every player's entry written again from one read of the arena in storage. Writes of other
   * processes meanwhile are not lost: an entry they wrote after this read is newer and stays.
   */
  private async rebuildNow(arena: ArenaRow): Promise<void> {
    const { redis, repos } = this.o;
    const k = keysOf(arena.id);
    const token = randomUUID();
    if ((await redis.set(k.building, token, 'PX', BUILD_LOCK_MS, 'NX')) !== 'OK') return;
    try {
      const [players, results] = await Promise.all([repos.arenas.players(arena.id), repos.arenas.results(arena.id)]);
      await this.writeAll(arena, players, results);
      await redis.eval(COMPLETE, 2, k.built, k.building, token, this.keepMs(arena));
    } finally {
      if ((await redis.get(k.building).catch(() => undefined)) === token) await redis.del(k.building).catch(() => {});
    }
  }
}
