import type { RaceResult, RatingChange, RoomState, ServerMessage } from '@scorpion/protocol';
import type { Clock } from '../clock.ts';
import type { Push } from '../realtime/ports.ts';
import type { Fence, PlayersRepo, RaceRow, RoomRow, RoomsRepo } from '../repo/types.ts';
import { gate, raceIsPublic } from '../secrecy.ts';
import { Absences } from './absence.ts';
import type { LiveRace, RaceRoom } from './live-race.ts';
import { RoomAudience } from './room-audience.ts';
import { seriesScore } from './series.ts';

/** A room read from the database, with its race if one runs, not yet in memory. */
export interface Loaded {
  readonly room: Room;
  readonly race: { readonly row: RaceRow; readonly games: Map<string, string> } | undefined;
}

/** The series under way (or last won) in a best-of room: its first race's number, its finished games. */
export interface Series {
  readonly first: number;
  readonly games: RaceResult[][];
}

export interface RoomDeps {
  readonly rooms: RoomsRepo;
  readonly players: Pick<PlayersRepo, 'byIds'>;
  readonly push: Push;
  readonly now: Clock;
  readonly absentGraceMs: number;
  /** The epoch this process holds the room under (cluster mode): host changes are fenced by it. */
  readonly fence: () => Fence | undefined;
  /** The host's grace ran out: the hub hands the room over (under its lock). */
  readonly hostGone: (code: string) => void;
  /** A race ended: the hub forgets it. */
  readonly raceOver: (room: Room, race: LiveRace) => void;
}

/**
 * A room in memory: its members and their names, its host (and the host's absence), its race
 * while one runs and the last one's results. The hub loads it, changes it under its lock and
 * lets it go when it is idle.
 */
export class Room implements RaceRoom {
  /** Only ever appended to or replaced (`RoomAudience.of` relies on it). */
  private joined: string[];
  private running: LiveRace | undefined = undefined;
  private lastResults: RaceResult[] | null;
  private series: Series | null;
  private readonly nicknames = new Map<string, string>();
  /** The host while away: after the grace, a member who is here takes over the room. */
  private readonly hostAway: Absences;
  /** Members, racers and visitors: whoever hears the room. */
  private readonly listeners = new RoomAudience();

  row: RoomRow;
  private readonly deps: RoomDeps;

  constructor(
    row: RoomRow,
    members: readonly string[],
    lastResults: RaceResult[] | null,
    series: Series | null,
    deps: RoomDeps,
  ) {
    this.row = row;
    this.deps = deps;
    this.joined = [...members];
    this.lastResults = lastResults;
    this.series = series;
    this.hostAway = new Absences(deps.now, deps.absentGraceMs, () => deps.hostGone(row.code));
  }

  get code(): string {
    return this.row.code;
  }

  get members(): readonly string[] {
    return this.joined;
  }

  /** The race running in the room, if one is. */
  get race(): LiveRace | undefined {
    return this.running;
  }

  get visitors(): ReadonlySet<string> {
    return this.listeners.visitors;
  }

  /** A visitor hears the room from now on; false when it has `MAX_VISITORS` already. */
  addVisitor(id: string): boolean {
    return this.listeners.addVisitor(id);
  }

  removeVisitor(id: string): void {
    this.listeners.removeVisitor(id);
  }

  /** A member or a visitor: who may ask to watch its race's boards (`RaceWatchers` says when). */
  mayWatch(id: string): boolean {
    return this.members.includes(id) || this.visitors.has(id);
  }

  /** A member joins: stored, then in memory. */
  async addMember(playerId: string): Promise<void> {
    await this.deps.rooms.addMember(this.code, playerId, this.deps.now());
    this.joined.push(playerId);
  }

  /** `race` runs in the room now: the last one's results are no longer what the room shows. */
  raceRuns(race: LiveRace): void {
    this.running = race;
    this.lastResults = null;
  }

  get finishWindow(): number {
    return this.row.finishWindow;
  }

  nickname(playerId: string): string {
    return this.nicknames.get(playerId) ?? '?';
  }

  knows(playerId: string): boolean {
    return this.nicknames.has(playerId);
  }

  learn(playerId: string, nickname: string): void {
    this.nicknames.set(playerId, nickname);
  }

  async learnNicknames(ids: readonly string[]): Promise<void> {
    const missing = ids.filter((id) => !this.nicknames.has(id));
    for (const p of await this.deps.players.byIds(missing)) this.nicknames.set(p.id, p.nickname);
  }

  async removeMember(playerId: string): Promise<void> {
    const rest = this.members.filter((m) => m !== playerId);
    if (this.row.hostId === playerId && rest.length > 0) {
      // The host's job is to start the next race, which only someone present can do. The host
      // changes first: a fenced change refused (`FencedOut`) then leaves the membership as it was.
      await this.setHost(rest.find((m) => this.deps.push.connected(m)) ?? rest[0]!);
    }
    await this.deps.rooms.removeMember(this.code, playerId);
    this.joined = rest;
  }

  /**
   * In a full room, the seat of a member who is away and not racing now (the earliest to have
   * joined of them): a tab closed yesterday must not keep a friend with the link out. Coming
   * back, they join again like anyone else, if there is room.
   */
  vacantSeat(): string | undefined {
    return this.members.find((m) => !this.deps.push.connected(m) && !this.race?.has(m));
  }

  /** Members, racers and visitors: whoever hears what happens in the room (`RoomAudience.of`). */
  audience(): ReadonlySet<string> {
    return this.listeners.of(this.members, this.race);
  }

  /**
   * Nobody is here, no race runs and no host's grace is running: the room may leave memory (it
   * is all in the database). A host's grace is waited out, so that the hand-over it ends in
   * happens as it would have; a room loaded again gives an absent host a fresh grace.
   */
  idle(): boolean {
    if (this.race || this.hostAway.isAway(this.row.hostId)) return false;
    for (const id of this.audience()) if (this.deps.push.connected(id)) return false;
    return true;
  }

  async setHost(hostId: string): Promise<void> {
    await this.deps.rooms.setHost(this.row.code, hostId, this.deps.fence());
    this.hostAway.back(this.row.hostId);
    this.row = { ...this.row, hostId };
    if (!this.deps.push.connected(hostId)) this.hostAway.away(hostId);
  }

  /** The first member who is here, if any. */
  present(): string | undefined {
    return this.members.find((m) => this.deps.push.connected(m));
  }

  /** The host has been away for the whole grace: the first member who is here takes over. */
  async handOver(): Promise<void> {
    if (this.deps.push.connected(this.row.hostId)) return;
    const next = this.present();
    if (!next) return;
    await this.setHost(next);
    this.changed();
  }

  /**
   * Someone of the room connected or dropped: the host's grace starts or stops, or a member who
   * comes back while the host's grace has run out takes over. Everyone sees it.
   */
  presence(playerId: string, here: boolean): void {
    const host = this.row.hostId;
    if (playerId === host) {
      if (here) this.hostAway.back(host);
      else this.hostAway.away(host);
    } else if (here && !this.deps.push.connected(host) && !this.hostAway.isAway(host)) {
      // The host's grace ran out while nobody was here to take over: this member does.
      this.deps.hostGone(this.row.code);
    }
    this.changed();
    if (this.race?.has(playerId)) this.race.presence(playerId, here);
  }

  /** Loaded with a host who is not here: their grace starts now (as after a restart). */
  watchHost(): void {
    if (!this.deps.push.connected(this.row.hostId)) this.hostAway.away(this.row.hostId);
  }

  /**
   * The series the room's race number `number` belongs to: the one under way, or (when none is,
   * or the last one is won) a new one opened by this race. Null in a room of single races.
   */
  seriesOf(number: number): number | null {
    if (this.row.bestOf === 1) return null;
    const series = this.series;
    if (series && seriesScore(this.row.bestOf, series.games).winnerId === null) return series.first;
    return number;
  }

  /** A race was stored: one that opens a series starts its score at nothing. */
  raceDealt(race: RaceRow): void {
    if (race.series !== null && race.series === race.number) this.series = { first: race.number, games: [] };
  }

  raceOver(race: LiveRace, results: RaceResult[], ratings: RatingChange[] | null, endedBy: string | null): void {
    if (this.running === race) this.running = undefined;
    this.lastResults = results;
    if (this.series && race.row.series === this.series.first) this.series.games.push(results);
    // Public now that the race is over, so the seed goes with the results.
    const seed = gate.require(raceIsPublic(race), () => race.row.seed, `race ${race.id}`);
    this.broadcast({ type: 'race-over', code: this.code, raceId: race.id, seed, results, ratings, endedBy });
    this.changed();
    this.deps.raceOver(this, race);
  }

  state(): RoomState {
    const race = this.race;
    const now = this.deps.now();
    return {
      code: this.row.code,
      hostId: this.row.hostId,
      variant: this.row.variant,
      options: this.row.options,
      timeLimit: this.row.timeLimit,
      winnableOnly: this.row.winnableOnly,
      rated: this.row.rated,
      bestOf: this.row.bestOf,
      finishWindow: this.row.finishWindow,
      series: this.series && seriesScore(this.row.bestOf, this.series.games),
      members: this.members.map((id) => ({
        id,
        nickname: this.nickname(id),
        host: id === this.row.hostId,
        connected: this.deps.push.connected(id),
      })),
      status: race ? (now < race.window.opensAt ? 'countdown' : 'racing') : this.lastResults ? 'finished' : 'lobby',
      race: race
        ? {
            raceId: race.id,
            number: race.row.number,
            startsAt: race.window.opensAt,
            endsAt: race.window.closesAt,
            solvedAt: race.solvedAt ?? null,
          }
        : null,
      lastResults: this.lastResults,
      serverTime: now,
    };
  }

  /** Everyone sees the room as it is now. */
  changed(): void {
    this.broadcast({ type: 'room', room: this.state() });
  }

  broadcast(message: ServerMessage): void {
    for (const playerId of this.audience()) this.deps.push.send(playerId, message);
  }

  stop(): void {
    this.hostAway.stop();
    this.race?.stop();
  }
}
