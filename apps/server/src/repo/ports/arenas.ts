import type { ArenaDealStore, CertifiedDeal } from '../../arenas/deal-sequence.ts';
import type { ArenaRole, ArenaRow, GameRow } from '../row-types.ts';

/** One arena deal's game as the table reads it: the stored result is the game row itself. */
export type ArenaResultRow = Pick<
  GameRow,
  | 'id'
  | 'playerId'
  | 'arenaDeal'
  | 'status'
  | 'berserk'
  | 'startedAt'
  | 'pausedMs'
  | 'finishedAt'
  | 'timeMs'
  | 'closesAt'
>;

/**
 * Arenas (issue #35): the arenas, who is in each, their certified deals (`dealOnce`, the first
 * writer winning for every process) and, read from the games, every result. The table is
 * computed from these alone (`arenas/scoring.ts`), so it can be rebuilt after any crash.
 */
export interface ArenasRepo extends ArenaDealStore {
  /** Stores the arena unless one with its id is stored; answers the stored one. */
  ensure(row: ArenaRow): Promise<ArenaRow>;
  get(id: string): Promise<ArenaRow | undefined>;
  /** Private arenas not ended at `now`, by start. */
  privateOpen(now: number, limit: number): Promise<ArenaRow[]>;
  /** Arenas whose final table is not stored yet, ended or not: what a restarted process takes up. */
  unsettled(): Promise<ArenaRow[]>;
  /**
   * Puts the player in the arena as `role` unless they are in it; answers the role stored. A
   * spectator stays one: someone who watched boards has seen the deals.
   */
  join(arenaId: string, playerId: string, role: ArenaRole, at: number): Promise<ArenaRole>;
  roleOf(arenaId: string, playerId: string): Promise<ArenaRole | undefined>;
  /** The arena's players (spectators apart) with their nicknames. */
  players(arenaId: string): Promise<{ playerId: string; name: string }[]>;
  /** Players per arena (spectators apart), for the listed ids. */
  counts(arenaIds: readonly string[]): Promise<Map<string, number>>;
  /** Every game of the arena, of every player, or of one. */
  results(arenaId: string, playerId?: string): Promise<ArenaResultRow[]>;
  /** The stored certified deals of the arena, in order. */
  deals(arenaId: string): Promise<(CertifiedDeal & { deal: number })[]>;
  /** Stores the final table's winner once; false when it was already stored. */
  settle(arenaId: string, winnerId: string | null, at: number): Promise<boolean>;
  /** The arenas a player played, the latest joined first. */
  historyOf(playerId: string, limit: number): Promise<ArenaRow[]>;
}
