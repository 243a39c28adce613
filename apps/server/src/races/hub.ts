import type { RoomState } from '@scorpion/protocol';
import type { Clock } from '../clock.ts';
import { type Certifier, CertifierUnavailable } from '../deals/certify.ts';
import type { DealSource } from '../deals/source.ts';
import { KeyedLock } from '../games/lock.ts';
import type { GameService } from '../games/service.ts';
import type { Push } from '../realtime/ports.ts';
import { type Answer, refuse } from '../refusal.ts';
import { FencedOut, type GameRow, type RaceRow, type Repos, type RoomRow } from '../repo/types.ts';
import { RetryLater } from '../repo/unavailable.ts';
import { ABSENT_GRACE_MS } from './absence.ts';
import { noSuchRoom, RACE_UNAVAILABLE, type RoomSpec } from './answers.ts';
import { newRoomCode } from './codes.ts';
import { type Leases, OwnedElsewhere } from './leases.ts';
import { LiveRace } from './live-race.ts';
import { newRace } from './new-race.ts';
import { ProgressTicks } from './progress-ticks.ts';
import type { RaceDeps } from './race-deps.ts';
import { throttleClock } from './race-progress.ts';
import { Reloads } from './reloads.ts';
import { Room } from './room.ts';
import { RoomIndex } from './room-index.ts';

export const MAX_PLAYERS = 8;
export const MIN_PLAYERS = 2;

export interface HubOptions {
  readonly repos: Pick<Repos, 'rooms' | 'races' | 'players'>;
  readonly games: GameService;
  readonly deals: DealSource;
  readonly certifier: Certifier;
  readonly push: Push;
  readonly now: Clock;
  readonly countdownMs: number;
  readonly absentGraceMs?: number;
  /** `IDLE_BEFORE_END_MS`, shorter only in the browser tests. */
  readonly idleBeforeEndMs?: number;
  /**
   * Cluster mode: a room is loaded only under a lease of this process, and its race-level
   * writes are fenced by the lease's epoch. Without it (embedded) every room is this process's.
   */
  readonly leases?: Leases;
  /** A room was taken over by `owner`: this process closes the sockets of the players it had. */
  readonly disconnect?: (playerId: string, owner: string) => void;
  /** A room's work that nobody awaits failed (the database away): logged with the room's code. */
  readonly log?: (error: unknown, code: string, what: string) => void;
}

/** A room read from the database, with its race if one runs, not yet in memory (`install`). */
interface Loaded {
  readonly room: Room;
  readonly race: { readonly row: RaceRow; readonly games: Map<string, string> } | undefined;
}

/**
 * The directory of race rooms: the rooms in memory, indexed by who hears them (members and
 * racers), each changed under its code's lock. A room leaves memory once idle (nobody here, no
 * race running); it loads again from the database when next used. Races run in their rooms.
 */
export class RaceHub {
  private readonly rooms = new Map<string, Room>();
  private readonly index = new RoomIndex<Room>();
  private readonly lock = new KeyedLock();
  private readonly raceDeps: RaceDeps;
  private readonly graceMs: number;
  private ticking = false;
  /** Rooms being claimed again after an outage (`reclaimSoon`), each once at a time. */
  private readonly reclaiming = new Set<string>();
  /** Rooms whose race failed a step, to be loaded again from the database. */
  private readonly reloads: Reloads<Room>;

  private readonly o: HubOptions;

  constructor(o: HubOptions) {
    this.o = o;
    this.graceMs = o.absentGraceMs ?? ABSENT_GRACE_MS;
    this.raceDeps = {
      games: o.games,
      races: o.repos.races,
      push: o.push,
      now: o.now,
      absentGraceMs: this.graceMs,
      fence: (code) => o.leases?.fenceOf(code),
      fencedOut: (code) => this.lost(code),
      confirmOwner: (code) => this.confirmOwner(code),
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

  async create(hostId: string, spec: RoomSpec): Promise<RoomState> {
    for (;;) {
      const row: RoomRow = { code: newRoomCode(), hostId, ...spec, createdAt: this.o.now() };
      if ((await this.o.repos.rooms.create(row)) === 'taken') continue;
      await this.o.repos.rooms.addMember(row.code, hostId, this.o.now());
      const room = await this.room(row.code);
      return room!.state();
    }
  }

  /**
   * A quick race: a room of the matched players (the first one hosts, for the rematch) whose
   * race starts at once, owned by this process like any room it creates. A room like any other
   * from then on: reconnect, watch, rematch and rating all work as in a room made by hand.
   */
  async openMatched(playerIds: readonly string[], spec: RoomSpec): Promise<Answer<RoomState>> {
    const hostId = playerIds[0]!;
    for (;;) {
      const row: RoomRow = { code: newRoomCode(), hostId, ...spec, createdAt: this.o.now() };
      if ((await this.o.repos.rooms.create(row)) === 'taken') continue;
      for (const id of playerIds) await this.o.repos.rooms.addMember(row.code, id, this.o.now());
      const started = await this.start(hostId, row.code);
      // Not dealt (the solver is restarting, someone dropped): the room is nobody's, so that it
      // does not linger in their lists of rooms; they wait on in the queue.
      if (!started.ok) for (const id of playerIds) await this.leave(id, row.code);
      return started;
    }
  }

  /** After a restart: every race that was running carries on (or ends, if its time ran out). */
  async resumeRunning(): Promise<number> {
    const running = await this.o.repos.races.running();
    for (const race of running) await this.room(race.code);
    return running.length;
  }

  /**
   * Cluster mode, every `RENEW_MS`: renews this process's leases, lets go of the rooms whose
   * lease another process has taken, and takes over the running races nobody holds.
   */
  async tickLeases(): Promise<{ lost: number; takenOver: number }> {
    const leases = this.o.leases;
    // A tick slower than the timer (a slow database) is not overlapped by the next one.
    if (!leases || this.ticking) return { lost: 0, takenOver: 0 };
    this.ticking = true;
    try {
      // Rooms whose renewal failed are claimed anew, so that the outage is credited, and so are
      // those whose lease lapsed or was taken. Claimed again, a room stays here.
      let lost = await this.reclaimStale();
      for (const code of await leases.renewAll()) if (!(await this.reclaim(code))) lost++;
      return { lost, takenOver: await this.takeOver() };
    } finally {
      this.ticking = false;
    }
  }

  /**
   * Claims a room held here again, under a new epoch, after its lease lapsed or its renewals
   * failed (the database out of reach, the process paused): the gap since its last renewal (or
   * last stored move) goes on the race's clocks, as at a takeover, and the room is loaded again
   * in its place, its players kept. Another process holding the room now wins: it is let go
   * here (`lost`). False when the room is no longer here.
   */
  private reclaim(code: string, ifStale = false): Promise<boolean> {
    return this.lock.run(code, async () => {
      const held = this.rooms.get(code);
      if (!held) {
        this.o.leases?.forget(code);
        return false;
      }
      // Claimed again already, by the renewal tick or the look for orphans, whichever came first.
      if (ifStale && !this.o.leases?.isStale(code)) return true;
      let loaded: Loaded | undefined;
      try {
        loaded = await this.load(code, true);
      } catch (error) {
        if (!(error instanceof OwnedElsewhere)) throw error;
        this.lost(code);
        return false;
      }
      await this.replace(held, loaded);
      return loaded !== undefined;
    });
  }

  /**
   * Claims again every room whose renewal failed (`reclaim`), on the renewal tick and on each
   * look for orphans (every `TAKEOVER_MS`), so that play resumes within that of the database's
   * return; the number let go to another process.
   */
  private async reclaimStale(): Promise<number> {
    let lost = 0;
    for (const code of this.o.leases?.staleRooms() ?? []) if (!(await this.reclaim(code, true))) lost++;
    return lost;
  }

  /** Starts claiming the room again now, for an action to find it done when sent again. */
  private reclaimSoon(code: string): void {
    if (this.reclaiming.has(code)) return;
    this.reclaiming.add(code);
    this.reclaim(code, true)
      .catch((error: unknown) => this.log(error, code, 'room not claimed again'))
      .finally(() => this.reclaiming.delete(code));
  }

  /**
   * Cluster mode: loads (and so resumes) every room whose race runs with no live owner: its
   * owner died or stopped renewing. Another process may win a room first; that one is skipped.
   */
  async takeOver(): Promise<number> {
    const leases = this.o.leases;
    if (!leases) return 0;
    await this.reclaimStale();
    let taken = 0;
    for (const code of await leases.orphaned()) {
      if (this.rooms.has(code)) continue;
      const loaded = await this.lock.run(code, () =>
        this.room(code).then(
          (room) => room !== undefined,
          (error: unknown) => {
            if (error instanceof OwnedElsewhere) return false;
            throw error;
          },
        ),
      );
      if (loaded) taken++;
    }
    return taken;
  }

  /**
   * Cluster mode, right before a racer's action is stored: this process must still own the room.
   * A lease with its margin left by this process's clock is enough; past it (the process was
   * paused, or its renewals stalled) the lease is renewed first. A process woken from a pause
   * longer than its lease (SIGSTOP, a stalled VM) reads what waited in its sockets before its
   * renewal tick runs: finding the room taken, it drops it and refuses the action, so it stores
   * no move beside the new owner's. Moves are not fenced in their (grouped) commit; this is
   * their guard (docs/operations.md, "Room owners"). Undefined when nothing is to be waited
   * for (embedded, or a lease held), so that the move path takes no extra turn for it.
   */
  confirmOwner(code: string): Promise<void> | undefined {
    const leases = this.o.leases;
    if (!leases || leases.holds(code, this.o.now())) return undefined;
    return this.renewOrDrop(leases, code);
  }

  /**
   * Past the margin: renewed, the action goes on. A lease taken by another process drops the
   * room here. One that lapsed, or renewals that failed (an outage nobody could play through),
   * must not be renewed as if nothing happened: the room is claimed again, crediting the gap, and
   * the action is refused meanwhile as one to send again (nothing of it stored).
   */
  private async renewOrDrop(leases: Leases, code: string): Promise<void> {
    if (!leases.isStale(code) && (await leases.renew(code))) return;
    const owner = await leases.elsewhere(code);
    if (owner !== undefined) {
      this.lost(code);
      throw new OwnedElsewhere(`room ${code}`, owner);
    }
    leases.lapsed(code);
    this.reclaimSoon(code);
    throw new RetryLater(`room ${code} is being claimed again after an outage`);
  }

  /** The process that owns the room if it is not this one (cluster mode; never when embedded). */
  async ownerElsewhere(code: string): Promise<string | undefined> {
    return this.rooms.has(code) ? undefined : this.o.leases?.elsewhere(code);
  }

  /**
   * Whether the player belongs to the room: in memory when the room is loaded here, else as
   * stored (a room owned by another process, or by nobody since its owner died).
   */
  async isMember(playerId: string, code: string): Promise<boolean> {
    const room = this.rooms.get(code);
    if (room) return room.members.includes(playerId);
    return (await this.o.repos.rooms.members(code)).includes(playerId);
  }

  join(playerId: string, code: string): Promise<Answer<{ room: RoomState; game: string | null }>> {
    return this.command(code, async (room) => {
      if (!room.members.includes(playerId)) {
        if (room.members.length >= MAX_PLAYERS) {
          const seat = room.vacantSeat();
          if (!seat) return refuse('room-full', `A room holds ${MAX_PLAYERS} players, and all of them are here.`);
          await this.removeMember(room, seat);
        }
        await this.o.repos.rooms.addMember(code, playerId, this.o.now());
        room.members.push(playerId);
        this.index.add(playerId, room);
        // Everyone had left, the host too: the room is the newcomer's, or nobody could start a race.
        if (!room.members.includes(room.row.hostId)) await room.setHost(playerId);
        await room.learnNicknames([playerId]);
        room.changed();
      }
      // Whoever (re)joins during a race sees where everyone is now, not at the next move.
      const race = room.race;
      race?.showProgress(playerId);
      return { ok: true, value: { room: room.state(), game: race?.gameOf(playerId) ?? null } };
    });
  }

  leave(playerId: string, code: string): Promise<Answer<RoomState>> {
    return this.command(code, async (room) => {
      if (!room.members.includes(playerId)) return refuse('not-in-room', 'You are not in that room.');
      // The game first: should that fail, the member has not left, and may try again.
      const gameId = room.race?.gameOf(playerId);
      if (gameId) await this.o.games.close(gameId, 'gave-up', this.o.leases?.fenceOf(code));
      await this.removeMember(room, playerId);
      const state = room.state();
      room.changed();
      return { ok: true, value: state };
    });
  }

  /**
   * The host starts a race (or the rematch): a fresh deal for every member present now. Members
   * who are away watch this race when they come back, and are dealt in at the next rematch: a
   * race never waits for someone who was not there when it began.
   */
  start(playerId: string, code: string): Promise<Answer<RoomState>> {
    return this.command(code, async (room) => {
      if (room.row.hostId !== playerId) return refuse('not-host', 'Only the host starts the race.');
      if (room.race) return refuse('race-running', 'A race is already running in this room.');
      const present = room.members.filter((m) => this.o.push.connected(m));
      if (present.length < MIN_PLAYERS) {
        const away = room.members.length - present.length;
        const why = away > 0 ? ` ${away === 1 ? 'One member is' : `${away} members are`} away.` : '';
        return refuse('too-few-players', `A race needs ${MIN_PLAYERS} players present.${why}`);
      }

      const number = (await this.o.repos.races.count(code)) + 1;
      const { games } = this.o;
      const next = await newRace(room.row, present, number, room.seriesOf(number), {
        ...this.o,
        newRow: (spec) => games.newRow(spec),
      }).catch((error: unknown) => {
        if (error instanceof CertifierUnavailable) return undefined;
        throw error;
      });
      if (!next) return refuse('solver-unavailable', RACE_UNAVAILABLE);
      await this.o.repos.races.create(next.race, next.games, this.o.leases?.fenceOf(code));
      room.raceDealt(next.race);
      const race = this.runRace(room, next.race, new Map(next.games.map((r) => [r.playerId, r.id])), next.games);
      room.lastResults = null;
      room.changed();
      // The panel shows the new field at once, not the last race's until someone moves.
      race.announce();
      return { ok: true, value: room.state() };
    });
  }

  /**
   * The host ends a race without a time limit that waits on racers who no longer play, once the
   * rule allows (`endRefusal`): those still playing are closed as at a time limit (ranked by how
   * far they got) and everyone gets the race's end. An end that fails half-way has stopped the
   * race: its room is loaded again (`failed`), which ends it if nobody is left playing.
   */
  end(playerId: string, code: string): Promise<Answer<null>> {
    return this.command(code, async (room) => {
      if (!room.members.includes(playerId)) return refuse('not-in-room', 'You are not in that room.');
      if (room.row.hostId !== playerId) return refuse('not-host', 'Only the host ends the race.');
      const race = room.race;
      if (!race) return refuse('no-race', 'No race is running in this room.');
      const refused = await race.endRefusal(playerId);
      if (refused) return refused;
      await race.end(playerId).catch((error: unknown) => {
        if (!(error instanceof FencedOut)) this.failed(race, error);
        throw error;
      });
      return { ok: true, value: null };
    });
  }

  /**
   * A member who is not racing (any more) watches a racer's board a few seconds behind, or stops
   * (`racer` null). Only members: a friend who came late joins the room first.
   */
  watch(playerId: string, code: string, racer: string | null): Promise<Answer<null>> {
    return this.command(code, async (room) => {
      if (!room.members.includes(playerId)) return refuse('not-in-room', 'Join the room to watch its race.');
      const race = room.race;
      if (!race) return refuse('no-race', 'No race is running in this room.');
      const refused = await race.watch(playerId, racer);
      return refused ?? { ok: true, value: null };
    });
  }

  /**
   * Someone connected or dropped: rooms they belong to show it, and a race they are in starts
   * (or stops) their grace and shows the others at once. A room nobody is left in goes.
   */
  presenceChanged(playerId: string): void {
    const here = this.o.push.connected(playerId);
    for (const room of this.index.roomsOf(playerId)) {
      room.presence(playerId, here);
      if (!here) this.evictIfIdle(room);
    }
  }

  /** A member renamed themselves: the rooms they are in show the new name now, not after a restart. */
  renamed(playerId: string, nickname: string): void {
    for (const room of this.index.roomsOf(playerId)) {
      if (!room.knows(playerId)) continue;
      room.learn(playerId, nickname);
      room.changed();
      if (room.race?.has(playerId)) room.race.showProgress();
    }
  }

  /** Stops the timers; the races stay running in the database for the next start. */
  stop(): void {
    for (const room of this.rooms.values()) room.stop();
    this.raceDeps.ticks?.stop();
    this.reloads.stop();
  }

  /**
   * Runs a command on a room under its lock. Whatever it did (a refusal too: the room may have
   * been loaded for it), a room left idle goes. A room owned elsewhere, or taken over while the
   * command ran (its fenced write refused), throws `OwnedElsewhere` for the edge to redirect.
   */
  private command<T>(code: string, run: (room: Room) => Promise<Answer<T>>): Promise<Answer<T>> {
    return this.lock.run(code, async () => {
      const room = await this.room(code);
      if (!room) return noSuchRoom();
      try {
        return await run(room);
      } catch (error) {
        if (!(error instanceof FencedOut)) throw error;
        this.lost(code);
        throw new OwnedElsewhere(`room ${code}`, (await this.o.leases?.elsewhere(code)) ?? '');
      } finally {
        this.evictIfIdle(room);
      }
    });
  }

  private log(error: unknown, code: string, what: string): void {
    this.o.log?.(error, code, what);
  }

  /**
   * A step of a race that nobody awaits failed, not by its fence (the database away, say): the
   * race's room is loaded again from the database in its place (`reload`), as a takeover loads
   * it, so that the race carries on from what is stored; no other room is touched. A race that
   * is no longer its room's (it has ended, or was let go) has nothing left to recover.
   */
  private failed(race: { readonly code: string }, error: unknown): void {
    this.log(error, race.code, 'race step failed; its room is loaded again');
    const room = this.rooms.get(race.code);
    if (room?.race === race) this.reloads.soon(room);
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

  /** Puts a room loaded again in the place of the one in memory (under the room's lock). */
  private async replace(old: Room, loaded: Loaded | undefined): Promise<void> {
    const code = old.code;
    const watching = old.race?.watching() ?? [];
    this.unload(old);
    if (!loaded) return;
    this.install(loaded);
    loaded.room.changed();
    const race = loaded.room.race;
    if (!race) return;
    race.announce();
    for (const [watcher, racer] of watching) {
      await race.watch(watcher, racer).catch((error: unknown) => this.log(error, code, 'watcher not kept'));
    }
  }

  /**
   * Another process owns the room now (its lease was taken over): it leaves memory here at once,
   * race and games too, without a write, and the players here are disconnected so that their
   * clients reconnect and find the new owner.
   */
  private lost(code: string): void {
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

  /**
   * The room leaves memory here (the database keeps it): its timers stop, nobody hears it, and
   * its race lets go of its games, which load again as stored when next asked for.
   */
  private unload(room: Room): void {
    this.rooms.delete(room.code);
    room.stop();
    for (const id of room.audience()) this.index.remove(id, room);
    room.race?.release();
  }

  /** The room in memory, loaded from the database on first use (with its live race, if any). */
  private async room(code: string): Promise<Room | undefined> {
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
  private async load(code: string, claim: boolean): Promise<Loaded | undefined> {
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

  private async removeMember(room: Room, playerId: string): Promise<void> {
    await room.removeMember(playerId);
    if (!room.race?.has(playerId)) this.index.remove(playerId, room);
  }

  private runRace(room: Room, row: RaceRow, games: Map<string, string>, stored?: readonly GameRow[]): LiveRace {
    const race = new LiveRace(row, games, room, this.raceDeps);
    room.race = race;
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

  /** Lets an idle room go, under its lock, so that no command in flight works on a forgotten one. */
  private evictIfIdle(room: Room): void {
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
}
