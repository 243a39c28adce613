import type { QueueEntry } from './matching.ts';

/**
 * Where the quick-race queue lives: this process's memory when it runs alone, Redis in cluster
 * mode (`RedisQueueStore`, an adapter of the outer ring: `cluster/adapters/queue-store.ts`), so
 * that one entry per player holds across every process and a player is matched once. Each
 * change is atomic on its own; a match is `claim`, which takes a whole group out or none of it.
 */
export interface QueueStore {
  /** Puts the player's entry in, replacing theirs if they had one (which it returns). */
  put(entry: QueueEntry): Promise<QueueEntry | undefined>;
  /** Takes the player's entry out (only `entryId`'s, when given); true if one was taken. */
  remove(playerId: string, entryId?: string): Promise<boolean>;
  get(playerId: string): Promise<QueueEntry | undefined>;
  all(): Promise<QueueEntry[]>;
  /** Takes every entry of the group out if each one is still there as read, else none. */
  claim(group: readonly QueueEntry[]): Promise<boolean>;
  /**
   * Records the ghost game offered to the entry, once: true for the first caller (the one who
   * sends the offer), false when it was offered already or the entry is gone.
   */
  offer(entry: QueueEntry, gameId: string): Promise<boolean>;
  /** The ghost game offered to the player's entry `entryId`, if one was. */
  offered(playerId: string, entryId: string): Promise<string | undefined>;
}

/** The queue of a process that runs alone; every call is atomic as it never awaits. */
export class MemoryQueueStore implements QueueStore {
  private readonly entries = new Map<string, QueueEntry>();
  private readonly offers = new Map<string, { entryId: string; gameId: string }>();

  async put(entry: QueueEntry): Promise<QueueEntry | undefined> {
    const before = this.entries.get(entry.playerId);
    this.entries.set(entry.playerId, entry);
    this.offers.delete(entry.playerId);
    return before;
  }

  async remove(playerId: string, entryId?: string): Promise<boolean> {
    const entry = this.entries.get(playerId);
    if (!entry || (entryId !== undefined && entry.entryId !== entryId)) return false;
    this.entries.delete(playerId);
    this.offers.delete(playerId);
    return true;
  }

  async get(playerId: string): Promise<QueueEntry | undefined> {
    return this.entries.get(playerId);
  }

  async all(): Promise<QueueEntry[]> {
    return [...this.entries.values()];
  }

  async claim(group: readonly QueueEntry[]): Promise<boolean> {
    if (!group.every((e) => this.entries.get(e.playerId)?.entryId === e.entryId)) return false;
    for (const e of group) {
      this.entries.delete(e.playerId);
      this.offers.delete(e.playerId);
    }
    return true;
  }

  async offer(entry: QueueEntry, gameId: string): Promise<boolean> {
    if (this.entries.get(entry.playerId)?.entryId !== entry.entryId || this.offers.has(entry.playerId)) return false;
    this.offers.set(entry.playerId, { entryId: entry.entryId, gameId });
    return true;
  }

  async offered(playerId: string, entryId: string): Promise<string | undefined> {
    const offer = this.offers.get(playerId);
    return offer?.entryId === entryId ? offer.gameId : undefined;
  }
}
