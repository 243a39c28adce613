import { type Redis, ReplyError } from 'ioredis';
import type { QueueEntry } from '../../queue/matching.ts';
import type { QueueStore } from '../../queue/store.ts';
import { RetryLater } from '../../repo/unavailable.ts';

/** player id → the entry as JSON: one field per player, so one entry per player cluster-wide. */
const ENTRIES = 'quick:entries';
/** player id → `entryId gameId`: the ghost offered to that entry. */
const OFFERS = 'quick:offers';

const PUT = `
local before = redis.call('HGET', KEYS[1], ARGV[1])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('HDEL', KEYS[2], ARGV[1])
return before`;

const REMOVE = `
local v = redis.call('HGET', KEYS[1], ARGV[1])
if not v then return 0 end
if ARGV[2] ~= '' and cjson.decode(v).entryId ~= ARGV[2] then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
return 1`;

/** ARGV: player, entryId, player, entryId... All still there as read, or nothing is taken. */
const CLAIM = `
for i = 1, #ARGV, 2 do
  local v = redis.call('HGET', KEYS[1], ARGV[i])
  if not v or cjson.decode(v).entryId ~= ARGV[i + 1] then return 0 end
end
for i = 1, #ARGV, 2 do
  redis.call('HDEL', KEYS[1], ARGV[i])
  redis.call('HDEL', KEYS[2], ARGV[i])
end
return 1`;

const OFFER = `
local v = redis.call('HGET', KEYS[1], ARGV[1])
if not v or cjson.decode(v).entryId ~= ARGV[2] then return 0 end
return redis.call('HSETNX', KEYS[2], ARGV[1], ARGV[2] .. ' ' .. ARGV[3])`;

/**
 * The cluster's queue: two Redis hashes changed only by Lua scripts, each atomic, so two
 * processes matching at once cannot both take a player (the second `claim` finds them gone).
 * Redis holds nothing else of it: lost with Redis, the queue is empty, and waiting players
 * join again (their pages resend the join when the socket comes back).
 */
export class RedisQueueStore implements QueueStore {
  private readonly redis: Redis;

  constructor(redis: Redis) {
    this.redis = redis;
  }

  /**
   * A command, or `RetryLater` while Redis is out of reach (at once, rather than waiting in
   * ioredis's queue): the player's join is then refused as one to send again, as an action is
   * while the database is away. A script's own error stays what it is.
   */
  private async reach<T>(command: (redis: Redis) => Promise<T>): Promise<T> {
    if (this.redis.status !== 'ready') throw new RetryLater('The quick-race queue is out of reach');
    try {
      return await command(this.redis);
    } catch (error) {
      if (error instanceof ReplyError) throw error;
      throw new RetryLater('The quick-race queue is out of reach', { cause: error });
    }
  }

  async put(entry: QueueEntry): Promise<QueueEntry | undefined> {
    const before = (await this.reach((r) => r.eval(PUT, 2, ENTRIES, OFFERS, entry.playerId, JSON.stringify(entry)))) as
      | string
      | null;
    return before ? (JSON.parse(before) as QueueEntry) : undefined;
  }

  async remove(playerId: string, entryId?: string): Promise<boolean> {
    return (await this.reach((r) => r.eval(REMOVE, 2, ENTRIES, OFFERS, playerId, entryId ?? ''))) === 1;
  }

  async get(playerId: string): Promise<QueueEntry | undefined> {
    const v = await this.reach((r) => r.hget(ENTRIES, playerId));
    return v ? (JSON.parse(v) as QueueEntry) : undefined;
  }

  async all(): Promise<QueueEntry[]> {
    return Object.values(await this.reach((r) => r.hgetall(ENTRIES))).map((v) => JSON.parse(v) as QueueEntry);
  }

  async claim(group: readonly QueueEntry[]): Promise<boolean> {
    const args = group.flatMap((e) => [e.playerId, e.entryId]);
    return (await this.reach((r) => r.eval(CLAIM, 2, ENTRIES, OFFERS, ...args))) === 1;
  }

  async offer(entry: QueueEntry, gameId: string): Promise<boolean> {
    return (await this.reach((r) => r.eval(OFFER, 2, ENTRIES, OFFERS, entry.playerId, entry.entryId, gameId))) === 1;
  }

  async offered(playerId: string, entryId: string): Promise<string | undefined> {
    const offer = await this.reach((r) => r.hget(OFFERS, playerId));
    const [offeredTo, gameId] = offer?.split(' ') ?? [];
    return offeredTo === entryId ? gameId : undefined;
  }
}
