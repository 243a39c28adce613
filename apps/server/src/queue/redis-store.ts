import type { Redis } from 'ioredis';
import type { QueueEntry } from './matching.ts';
import type { QueueStore } from './store.ts';

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

  async put(entry: QueueEntry): Promise<QueueEntry | undefined> {
    const before = (await this.redis.eval(PUT, 2, ENTRIES, OFFERS, entry.playerId, JSON.stringify(entry))) as
      | string
      | null;
    return before ? (JSON.parse(before) as QueueEntry) : undefined;
  }

  async remove(playerId: string, entryId?: string): Promise<boolean> {
    return (await this.redis.eval(REMOVE, 2, ENTRIES, OFFERS, playerId, entryId ?? '')) === 1;
  }

  async get(playerId: string): Promise<QueueEntry | undefined> {
    const v = await this.redis.hget(ENTRIES, playerId);
    return v ? (JSON.parse(v) as QueueEntry) : undefined;
  }

  async all(): Promise<QueueEntry[]> {
    return Object.values(await this.redis.hgetall(ENTRIES)).map((v) => JSON.parse(v) as QueueEntry);
  }

  async claim(group: readonly QueueEntry[]): Promise<boolean> {
    const args = group.flatMap((e) => [e.playerId, e.entryId]);
    return (await this.redis.eval(CLAIM, 2, ENTRIES, OFFERS, ...args)) === 1;
  }

  async offer(entry: QueueEntry, gameId: string): Promise<boolean> {
    return (await this.redis.eval(OFFER, 2, ENTRIES, OFFERS, entry.playerId, entry.entryId, gameId)) === 1;
  }

  async offered(playerId: string, entryId: string): Promise<string | undefined> {
    const offer = await this.redis.hget(OFFERS, playerId);
    const [offeredTo, gameId] = offer?.split(' ') ?? [];
    return offeredTo === entryId ? gameId : undefined;
  }
}
