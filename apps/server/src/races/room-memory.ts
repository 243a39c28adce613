import type { Clock } from '../clock.ts';
import type { GameService } from '../games/service.ts';
import { KeyedLock } from '../keyed-lock.ts';
import type { Push } from '../realtime/ports.ts';
import { FencedOut, type GameRow, type RaceRow, type Repos } from '../repo/types.ts';
import { ABSENT_GRACE_MS } from './absence.ts';
import { type Leases, OwnedElsewhere } from './leases.ts';
import { LiveRace } from './live-race.ts';
import { ProgressTicks } from './progress-ticks.ts';
import type { RaceDeps } from './race-deps.ts';
import { throttleClock } from './race-progress.ts';
import { Reloads } from './reloads.ts';
import { type Loaded, Room } from './room.ts';
import { RoomClaims } from './room-claims.ts';
import { RoomIndex } from './room-index.ts';

export interface RoomMemoryOptions {
  readonly repos: Pick<Repos, 'rooms' | 'races' | 'players'>;
  readonly games: GameService;
  readonly push: Push;
  /** The players' own push, without the visitors' (`push` if none): whether a racer has a socket. */
  readonly players?: Pick<Push, 'connected'>;
  readonly now: Clock;
  readonly absentGraceMs?: number;
  /** `IDLE_BEFORE_END_MS`, shorter only in the browser tests. */
  readonly idleBeforeEndMs?: number;
  /** Cluster mode: rooms are loaded only under a lease of this process (`RoomClaims`). */
  readonly leases?: Leases;
  /** A room was taken over by `owner`: this process closes the sockets of the players it had. */
  readonly disconnect?: (playerId: string, owner: string) => void;
  /** A room's work that nobody awaits failed (the database away): logged with the room's code. */
  readonly log?: (error: unknown, code: string, what: string) => void;
}

/**
 * The rooms in memory here, indexed by who hears them (members and racers), each changed under
 * its code's lock, with the race each runs. A room is loaded from the database on first use
 * (claimed first in cluster mode: `claims`), loaded again in place when its race fails a step
 * or its lease is claimed anew, and let go when idle or owned elsewhere.
 */
export class RoomMemory {
  readonly lock = new KeyedLock();
  readonly index = new RoomIndex<Room>();
  readonly claims: RoomClaims;
  private readonly rooms = new Map<string, Room>();
  private readonly raceDeps: RaceDeps;
  private readonly graceMs: number;
  /** Rooms whose race failed a step, to be loaded again from the database. */
  private readonly reloads: Reloads<Room>;
  private readonly o: RoomMemoryOptions;

  constructor(o: RoomMemoryOptions) {
    this.o = o;
    this.graceMs = o.absentGraceMs ?? ABSENT_GRACE_MS;
    this.claims = new RoomClaims(this, o.leases, o.now);
    this.raceDeps = {
      games: o.games,
      races: o.repos.races,
      push: o.push,
      players: o.players,
      now: o.now,
      absentGraceMs: this.graceMs,
      fence: (code) => o.leases?.fenceOf(code),
      fencedOut: (code) => this.lost(code),
      // Embedded, every room is this process's: a move has no owner to confirm.
      ...(o.leases ? { confirmOwner: (code: string) => this.claims.confirmOwner(code) } : {}),
      failed: (race, error) => this.failed(race, error),
      ticks: new ProgressTicks(throttleClock),
      idleBeforeEndMs: o.idleBeforeEndMs,
    };
    this.reloads = new Reloads(
      (room) => this.reload(room),
      (error, code) => this.log(error, code, 'room not loaded'),
    );
  }

  /** How many rooms are in memory, and how many players the index holds. */
  get loaded(): { rooms: number; players: number } {
    return { rooms: this.rooms.size, players: this.index.players };
  }

  held(code: string): Room | undefined {
    return this.rooms.get(code);
  }

  /** Stops every timer; the races stay running in the database for the next start. */
  stop(): void {
    for (const room of this.rooms.values()) room.stop();
    this.raceDeps.ticks?.stop();
    this.reloads.stop();
  }

  /** The room in memory, loaded from the database on first use (with its live race, if any). */
  async room(code: string): Promise<Room | undefined> {
    const cached = this.rooms.get(code);
    if (cached) return cached;
    const loaded = await this.load(code, true);
    if (!loaded) return undefined;
    // Another caller may have loaded it while we awaited: theirs is the one that lives.
    return this.rooms.get(code) ?? this.install(loaded);
  }

  /**
   * The room as stored, with its race if one runs. `claim` (cluster mode): the room's lease is
   * claimed first, and a race taken over from a dead owner is credited the gap; a room loaded
   * again in place of its own (`reload`) is already held.
   */
  async load(code: string, claim: boolean): Promise<Loaded | undefined> {
    const { rooms, races } = this.o.repos;
    const row = await rooms.get(code);
    if (!row) return undefined;
    const leases = this.o.leases;
    const claimed = claim && leases ? await leases.claim(code) : undefined;
    if (claimed && !claimed.ok) throw new OwnedElsewhere(`room ${code}`, claimed.owner);
    const members = await rooms.members(code);
    let last = await races.lastOf(code);
    if (claimed?.ok && claimed.taken && last?.status === 'racing') {
      // Taken over from an owner last heard of at its last renewal: nobody could play since, so
      // that gap goes on every clock of the race (read back below, with the games fresh too).
      await races.creditGap(last.id, claimed.taken.renewedAt, this.o.now(), claimed.fence);
      last = await races.get(last.id);
    }
    const running = last?.status === 'racing' ? await races.gamesOf(last.id) : undefined;
    const lastResults = last && !running ? await races.results(last.id) : null;
    const series =
      last?.series != null
        ? { first: last.series, games: (await races.series(code, last.series)).map((s) => s.results) }
        : null;
    const room = new Room(row, members, lastResults, series, {
      rooms,
      players: this.o.repos.players,
      push: this.o.push,
      now: this.o.now,
      absentGraceMs: this.graceMs,
      fence: () => this.o.leases?.fenceOf(code),
      hostGone: (gone) => void this.handOver(gone),
      raceOver: (over, race) => this.raceOver(over, race),
    });
    await room.learnNicknames([...members, ...(running ?? []).map((g) => g.playerId)]);
    const games = running && new Map(running.map((g) => [g.playerId, g.gameId]));
    return { room, race: last && games ? { row: last, games } : undefined };
  }

  /** A loaded room goes into memory, and its race (if one runs) runs here. */
  private install({ room, race }: Loaded): Room {
    this.rooms.set(room.code, room);
    for (const id of room.members) this.index.add(id, room);
    room.watchHost();
    if (race) this.runRace(room, race.row, race.games);
    return room;
  }

  /**
   * The room leaves memory here (the database keeps it): its timers stop, nobody hears it, and
   * its race lets go of its games, which load again as stored when next asked for.
   */
  unload(room: Room): void {
    this.rooms.delete(room.code);
    room.stop();
    for (const id of room.audience()) this.index.remove(id, room);
    room.race?.release();
  }

  /** Puts a room loaded again in the place of the one in memory (under the room's lock). */
  async replace(old: Room, loaded: Loaded | undefined): Promise<void> {
    const code = old.code;
    const watching = old.race?.watching() ?? [];
    this.unload(old);
    if (!loaded) return;
    this.install(loaded);
    // Visitors' sockets stay open through a reload: they go on hearing the room.
    for (const visitor of old.visitors) loaded.room.addVisitor(visitor);
    loaded.room.changed();
    const race = loaded.room.race;
    if (!race) return;
    race.announce();
    for (const [watcher, racer] of watching) {
      await race.watch(watcher, racer).catch((error: unknown) => this.log(error, code, 'watcher not kept'));
    }
  }

  /**
   * Loads `failed` again from the database and puts it in the place of the one in memory, unless
   * it has left memory (or been loaded again) meanwhile. Until the load has succeeded the room in
   * memory stays as it is, so no race is ever left without its live one here. Whoever watched a
   * racer goes on watching; everyone is shown the room, the race and their games afresh.
   */
  private reload(failed: Room): Promise<void> {
    const code = failed.code;
    return this.lock.run(code, async () => {
      if (this.rooms.get(code) !== failed) return;
      await this.replace(failed, await this.load(code, false));
    });
  }

  /**
   * A step of a race that nobody awaits failed, not by its fence (the database away, say): the
   * race's room is loaded again from the database in its place (`reload`), as a takeover loads
   * it, so that the race carries on from what is stored; no other room is touched. A race that
   * is no longer its room's (it has ended, or was let go) has nothing left to recover.
   */
  failed(race: { readonly code: string }, error: unknown): void {
    this.log(error, race.code, 'race step failed; its room is loaded again');
    const room = this.rooms.get(race.code);
    if (room?.race === race) this.reloads.soon(room);
  }

  /**
   * Another process owns the room now (its lease was taken over): it leaves memory here at once,
   * race and games too, without a write, and the players here are disconnected so that their
   * clients reconnect and find the new owner.
   */
  lost(code: string): void {
    this.o.leases?.forget(code);
    const room = this.rooms.get(code);
    if (!room) return;
    const audience = room.audience();
    this.unload(room);
    const here = [...audience].filter((id) => this.o.push.connected(id));
    const disconnect = this.o.disconnect;
    if (here.length === 0 || !disconnect) return;
    void this.newOwner(code).then((owner) => {
      for (const id of here) disconnect(id, owner);
    });
  }

  /** Who owns the room now, if it can be read; else '' (clients go where the room's hash sends them). */
  private async newOwner(code: string): Promise<string> {
    try {
      return (await this.o.leases?.elsewhere(code)) ?? '';
    } catch (error) {
      this.log(error, code, 'new owner not read');
      return '';
    }
  }

  runRace(room: Room, row: RaceRow, games: Map<string, string>, stored?: readonly GameRow[]): LiveRace {
    const race = new LiveRace(row, games, room, this.raceDeps);
    room.raceRuns(race);
    for (const id of games.keys()) this.index.add(id, room);
    race.run(stored);
    return race;
  }

  private raceOver(room: Room, race: LiveRace): void {
    for (const id of race.racers()) if (!room.members.includes(id)) this.index.remove(id, room);
    this.evictIfIdle(room);
  }

  /** The host has been away for the whole grace: the first member who is here takes over. */
  private handOver(code: string): Promise<void> {
    return this.lock.run(code, async () => {
      const room = this.rooms.get(code);
      if (!room) return;
      // Not handed over, the room stays with its absent host: a member coming back tries again.
      await room.handOver().catch((error: unknown) => {
        if (error instanceof FencedOut) this.lost(code);
        else this.log(error, code, 'room not handed over');
      });
      this.evictIfIdle(room);
    });
  }

  async removeMember(room: Room, playerId: string): Promise<void> {
    await room.removeMember(playerId);
    if (!room.race?.has(playerId)) this.index.remove(playerId, room);
  }

  /** Lets an idle room go, under its lock, so that no command in flight works on a forgotten one. */
  evictIfIdle(room: Room): void {
    if (!room.idle()) return;
    const code = room.code;
    void this.lock
      .run(code, async () => {
        if (this.rooms.get(code) !== room || !room.idle()) return;
        this.unload(room);
        await this.o.leases?.release(code);
      })
      // A lease not released lapses on its own (`LEASE_MS`), for another process to claim.
      .catch((error: unknown) => this.log(error, code, 'lease not released'));
  }

  log(error: unknown, code: string, what: string): void {
    this.o.log?.(error, code, what);
  }
}
