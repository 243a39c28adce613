import type { GamePolicy, Gate, Place } from '../games/policy.ts';
import { NOWHERE } from '../games/policy.ts';
import type { ArenasRepo, GameRow } from '../repo/types.ts';
import { arenaIsPublic } from '../secrecy.ts';

/**
 * Arena deals. Each game row carries when it stops taking actions (`closesAt`: its own limit,
 * or the arena's end if sooner), so any process can gate a move on it with the row alone; the
 * arena that dealt it (`LiveArena`) owns it here and hears its changes. Its deal is public once
 * the arena has ended.
 */
export class ArenaPolicy implements GamePolicy {
  private readonly arenas: Pick<ArenasRepo, 'get'>;

  constructor(arenas: Pick<ArenasRepo, 'get'>) {
    this.arenas = arenas;
  }

  gate(row: GameRow, now: number): Gate {
    return row.closesAt !== null && now >= row.closesAt ? 'timed-out' : 'open';
  }

  async isPublic(row: GameRow, now: number): Promise<boolean> {
    const arena = row.arenaId === null ? undefined : await this.arenas.get(row.arenaId);
    return arena !== undefined && arenaIsPublic(arena, now);
  }

  /** The deal and its berserk, so that a page that comes back to it (a reload) offers no undo. */
  async placeOf(row: GameRow): Promise<Place> {
    const arena =
      row.arenaId === null || row.arenaDeal === null
        ? null
        : { arenaId: row.arenaId, deal: row.arenaDeal, berserk: row.berserk };
    return { ...NOWHERE, arena };
  }

  async onEnd(): Promise<undefined> {
    return undefined;
  }
}
