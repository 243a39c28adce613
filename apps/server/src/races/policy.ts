import { type GamePolicy, type Gate, NOWHERE, type Place } from '../games/policy.ts';
import type { GameRow, RaceRow, RacesRepo } from '../repo/types.ts';
import { raceIsPublic } from '../secrecy.ts';
import { OwnedElsewhere } from './leases.ts';

/**
 * Race games: while their race runs here it owns them (`LiveRace`, their window and their
 * changes); what is left to the kind is a race's deal being public once it is over, and what a
 * racer's game in play that no race here runs may do.
 */
export class RacePolicy implements GamePolicy {
  private readonly races: Pick<RacesRepo, 'get'>;
  private readonly clustered: boolean;

  /** `clustered`: races run only where their room is owned, so a race not run here is not ours. */
  constructor(races: Pick<RacesRepo, 'get'>, clustered = false) {
    this.races = races;
    this.clustered = clustered;
  }

  /**
   * A racer's game in play that no race here owns: in a cluster it is played on its room's
   * owner, where its countdown, deadline and finishes are known.
   */
  gate(row: GameRow): Gate {
    if (this.clustered && row.status === 'playing') throw new OwnedElsewhere(`race ${row.raceId}`, '');
    return 'open';
  }

  async isPublic(row: GameRow): Promise<boolean> {
    const race = await this.stored(row);
    return race !== undefined && raceIsPublic(race);
  }

  async placeOf(row: GameRow): Promise<Place> {
    return { ...NOWHERE, roomCode: (await this.stored(row))?.code ?? null };
  }

  async onEnd(): Promise<undefined> {
    return undefined;
  }

  private async stored(row: GameRow): Promise<RaceRow | undefined> {
    return row.raceId === null ? undefined : this.races.get(row.raceId);
  }
}
