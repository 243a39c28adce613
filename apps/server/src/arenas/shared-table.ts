import type { ArenaResultRow, ArenaRow } from '../repo/types.ts';

/** What changed in an arena's table on any process since this one last asked. */
export interface SharedChanges {
  /** The players whose entry changed (joined, or a result stored), with their nicknames. */
  readonly players: readonly { playerId: string; name: string }[];
  /** Every stored game of those players in the arena, as storage held it when it was shared. */
  readonly results: readonly ArenaResultRow[];
}

/**
 * An arena's table shared by every process of a cluster (`cluster/adapters/arena-tables.ts`, on
 * Redis), so that a process learns of the results stored elsewhere without reading the whole
 * arena from the database each second. Storage stays the truth: a player's entry is always
 * written from their stored games, and whenever the shared table cannot answer (away, or being
 * rebuilt) the caller reads storage as it would without it.
 */
export interface SharedTables {
  /** The player's stored games changed (joined, dealt, a deal ended): their entry is written again, in the background. */
  stored(arena: ArenaRow, playerId: string, name: string): void;
  /**
   * What this process read of the arena from storage (on taking it up): any entry older than it
   * is written again, in the background. A process killed between storing a result and sharing
   * it leaves the entry behind; the next process to take the arena up (its own restart, at the
   * latest) brings it up to storage.
   */
  loaded(
    arena: ArenaRow,
    players: readonly { playerId: string; name: string }[],
    results: readonly ArenaResultRow[],
  ): void;
  /** The entries changed since the last call (all of them the first time); undefined: read storage instead. */
  changes(arena: ArenaRow): Promise<SharedChanges | undefined>;
  /** The arena has ended here: what this process remembered of it goes. */
  forget(arenaId: string): void;
}
