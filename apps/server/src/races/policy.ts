import type { RaceStanding } from '@scorpion/protocol';
import type { LiveGame } from '../games/live-game.ts';
import type { GamePolicy, Gate, Place } from '../games/policy.ts';
import type { GameRow, RaceRow, RacesRepo } from '../repo/types.ts';
import { raceIsPublic } from '../secrecy.ts';
import { OwnedElsewhere } from './leases.ts';
import type { LiveRace } from './live-race.ts';

/** The races running in this process, by id: what the race policy asks about a racer's game. */
export class LiveRaces {
  private readonly byId = new Map<string, LiveRace>();

  get(raceId: string | null): LiveRace | undefined {
    return raceId === null ? undefined : this.byId.get(raceId);
  }

  add(race: LiveRace): void {
    this.byId.set(race.id, race);
  }

  delete(race: LiveRace): void {
    if (this.byId.get(race.id) === race) this.byId.delete(race.id);
  }
}

/**
 * Race games: their live race says when they take actions (its countdown and deadline) and
 * hears every change (progress, finishes); a race's deal is public once it is over.
 */
export class RacePolicy implements GamePolicy {
  private readonly live: LiveRaces;
  private readonly races: Pick<RacesRepo, 'get'>;
  private readonly clustered: boolean;
  private readonly confirmOwner: ((code: string) => Promise<void> | undefined) | undefined;

  /**
   * `clustered`: races run only where their room is owned, so a race not live here is not ours.
   * `confirmOwner` (cluster mode): throws `OwnedElsewhere` once this process no longer owns the room.
   */
  constructor(
    live: LiveRaces,
    races: Pick<RacesRepo, 'get'>,
    clustered = false,
    confirmOwner?: (code: string) => Promise<void> | undefined,
  ) {
    this.live = live;
    this.races = races;
    this.clustered = clustered;
    this.confirmOwner = confirmOwner;
  }

  /**
   * The live race decides. In a cluster, a game in play whose race does not run here is played
   * on the room's owner: its countdown, deadline and finishes are known there, not here.
   */
  gate(row: GameRow, now: number): Gate {
    const race = this.live.get(row.raceId);
    if (race) return race.gate(now);
    if (this.clustered && row.status === 'playing') throw new OwnedElsewhere(`race ${row.raceId}`, '');
    return 'open';
  }

  /** A racer's action is stored only while this process still owns the race's room (`RaceHub.confirmOwner`). */
  confirm(row: GameRow): Promise<void> | undefined {
    const race = this.live.get(row.raceId);
    return race && this.confirmOwner ? this.confirmOwner(race.code) : undefined;
  }

  async isPublic(row: GameRow): Promise<boolean> {
    const race = this.live.get(row.raceId) ?? (await this.stored(row));
    return race !== undefined && raceIsPublic(race);
  }

  async placeOf(row: GameRow): Promise<Place> {
    return { daily: null, roomCode: this.live.get(row.raceId)?.code ?? (await this.stored(row))?.code ?? null };
  }

  async onEnd(): Promise<undefined> {
    return undefined;
  }

  changed(game: LiveGame): void {
    this.live.get(game.row.raceId)?.gameChanged(game);
  }

  standingFor(game: LiveGame): RaceStanding | Promise<RaceStanding | undefined> | undefined {
    return this.live.get(game.row.raceId)?.standingFor(game.row.playerId);
  }

  private async stored(row: GameRow): Promise<RaceRow | undefined> {
    return row.raceId === null ? undefined : this.races.get(row.raceId);
  }
}
