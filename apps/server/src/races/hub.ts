import type { RoomState } from '@scorpion/protocol';
import { type Certifier, CertifierUnavailable } from '../deals/certify.ts';
import type { DealSource } from '../deals/source.ts';
import { type Answer, refuse } from '../refusal.ts';
import { FencedOut } from '../repo/types.ts';
import { noSuchRoom, RACE_UNAVAILABLE, type RoomSpec } from './answers.ts';
import { OwnedElsewhere } from './leases.ts';
import { newRace } from './new-race.ts';
import { storeNewRoom } from './new-room.ts';
import type { Room } from './room.ts';
import { MAX_VISITORS } from './room-audience.ts';
import { RoomMemory, type RoomMemoryOptions } from './room-memory.ts';

export const MAX_PLAYERS = 8;
export const MIN_PLAYERS = 2;

/** What the hub needs besides what its rooms' memory does (`RoomMemoryOptions`). */
export interface HubOptions extends RoomMemoryOptions {
  readonly deals: DealSource;
  readonly certifier: Certifier;
  readonly countdownMs: number;
}

/**
 * The directory of race rooms: the rooms in memory, indexed by who hears them (members and
 * racers), each changed under its code's lock. A room leaves memory once idle (nobody here, no
 * race running); it loads again from the database when next used. Races run in their rooms.
 */
export class RaceHub {
  private readonly memory: RoomMemory;
  private readonly o: HubOptions;

  constructor(o: HubOptions) {
    this.o = o;
    this.memory = new RoomMemory(o);
  }

  /** How many rooms are in memory, and how many players the index holds. */
  get loaded(): { rooms: number; players: number } {
    return this.memory.loaded;
  }

  async create(hostId: string, spec: RoomSpec): Promise<RoomState> {
    const row = await storeNewRoom(this.o.repos.rooms, hostId, spec, this.o.now);
    await this.o.repos.rooms.addMember(row.code, hostId, this.o.now());
    const room = await this.memory.room(row.code);
    return room!.state();
  }

  /**
   * A quick race: a room of the matched players (the first one hosts, for the rematch) whose
   * race starts at once, owned by this process like any room it creates. A room like any other
   * from then on: reconnect, watch, rematch and rating all work as in a room made by hand.
   */
  async openMatched(playerIds: readonly string[], spec: RoomSpec): Promise<Answer<RoomState>> {
    const hostId = playerIds[0]!;
    const row = await storeNewRoom(this.o.repos.rooms, hostId, spec, this.o.now);
    for (const id of playerIds) await this.o.repos.rooms.addMember(row.code, id, this.o.now());
    const started = await this.start(hostId, row.code);
    // Not dealt (the solver is restarting, someone dropped): the room is nobody's, so that it
    // does not linger in their lists of rooms; they wait on in the queue.
    if (!started.ok) for (const id of playerIds) await this.leave(id, row.code);
    return started;
  }

  /** After a restart: every race that was running carries on (or ends, if its time ran out). */
  async resumeRunning(): Promise<number> {
    const running = await this.o.repos.races.running();
    for (const race of running) await this.memory.room(race.code);
    return running.length;
  }

  /**
   * Cluster mode, every `RENEW_MS`: renews this process's leases, lets go of the rooms whose
   * lease another process has taken, and takes over the running races nobody holds.
   */
  tickLeases(): Promise<{ lost: number; takenOver: number }> {
    return this.memory.claims.tickLeases();
  }

  /** Cluster mode: takes over the running races nobody owns (`RoomClaims.takeOver`). */
  takeOver(): Promise<number> {
    return this.memory.claims.takeOver();
  }

  /** The process that owns the room if it is not this one (cluster mode; never when embedded). */
  ownerElsewhere(code: string): Promise<string | undefined> {
    return this.memory.claims.ownerElsewhere(code);
  }

  /**
   * Whether the player belongs to the room: in memory when the room is loaded here, else as
   * stored (a room owned by another process, or by nobody since its owner died).
   */
  async isMember(playerId: string, code: string): Promise<boolean> {
    const room = this.memory.held(code);
    if (room) return room.members.includes(playerId);
    return (await this.o.repos.rooms.members(code)).includes(playerId);
  }

  join(playerId: string, code: string): Promise<Answer<{ room: RoomState; game: string | null }>> {
    return this.command(code, async (room) => {
      if (!room.members.includes(playerId)) {
        if (room.members.length >= MAX_PLAYERS) {
          const seat = room.vacantSeat();
          if (!seat) return refuse('room-full', `A room holds ${MAX_PLAYERS} players, and all of them are here.`);
          await this.memory.removeMember(room, seat);
        }
        await room.addMember(playerId);
        this.memory.index.add(playerId, room);
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
      await this.memory.removeMember(room, playerId);
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
      const race = this.memory.runRace(room, next.race, new Map(next.games.map((r) => [r.playerId, r.id])), next.games);
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
        if (!(error instanceof FencedOut)) this.memory.failed(race, error);
        throw error;
      });
      return { ok: true, value: null };
    });
  }

  /**
   * A member who is not racing (any more), or a visitor of the room, watches a racer's board a
   * few seconds behind, or stops (`racer` null): the same boards, by the same rules. Only they: a
   * friend who came late joins the room (or visits it) first.
   */
  watch(playerId: string, code: string, racer: string | null): Promise<Answer<null>> {
    return this.command(code, async (room) => {
      if (!room.mayWatch(playerId)) return refuse('not-in-room', 'Join the room to watch its race.');
      const race = room.race;
      if (!race) return refuse('no-race', 'No race is running in this room.');
      const refused = await race.watch(playerId, racer);
      return refused ?? { ok: true, value: null };
    });
  }

  /**
   * A visitor (no name, no seat: `ws/visitor-socket.ts`) follows the room from now on: `greet`
   * gets the room as it is, before any frame of it, and then the race's progress comes at once.
   */
  visit(visitorId: string, code: string, greet: (room: RoomState) => void): Promise<Answer<null>> {
    return this.command(code, async (room) => {
      if (!room.addVisitor(visitorId)) {
        return refuse('too-many-watchers', `A room has at most ${MAX_VISITORS} watchers without a name.`);
      }
      greet(room.state());
      room.race?.showProgress(visitorId);
      return { ok: true, value: null };
    });
  }

  /** The visitor's socket closed: the room no longer hears them, and may leave memory. */
  async leaveVisit(visitorId: string, code: string): Promise<void> {
    await this.memory.lock.run(code, async () => {
      const room = this.memory.held(code);
      if (!room) return;
      room.removeVisitor(visitorId);
      this.memory.evictIfIdle(room);
    });
  }

  /**
   * Someone connected or dropped: rooms they belong to show it, and a race they are in starts
   * (or stops) their grace and shows the others at once. A room nobody is left in goes.
   */
  presenceChanged(playerId: string): void {
    const here = this.o.push.connected(playerId);
    for (const room of this.memory.index.roomsOf(playerId)) {
      room.presence(playerId, here);
      if (!here) this.memory.evictIfIdle(room);
    }
  }

  /** A member renamed themselves: the rooms they are in show the new name now, not after a restart. */
  renamed(playerId: string, nickname: string): void {
    for (const room of this.memory.index.roomsOf(playerId)) {
      if (!room.knows(playerId)) continue;
      room.learn(playerId, nickname);
      room.changed();
      if (room.race?.has(playerId)) room.race.renamed(playerId, nickname);
    }
  }

  /** Stops the timers; the races stay running in the database for the next start. */
  stop(): void {
    this.memory.stop();
  }

  /**
   * Runs a command on a room under its lock. Whatever it did (a refusal too: the room may have
   * been loaded for it), a room left idle goes. A room owned elsewhere, or taken over while the
   * command ran (its fenced write refused), throws `OwnedElsewhere` for the edge to redirect.
   */
  private command<T>(code: string, run: (room: Room) => Promise<Answer<T>>): Promise<Answer<T>> {
    return this.memory.lock.run(code, async () => {
      const room = await this.memory.room(code);
      if (!room) return noSuchRoom();
      try {
        return await run(room);
      } catch (error) {
        if (!(error instanceof FencedOut)) throw error;
        this.memory.lost(code);
        throw new OwnedElsewhere(`room ${code}`, (await this.o.leases?.elsewhere(code)) ?? '');
      } finally {
        this.memory.evictIfIdle(room);
      }
    });
  }
}
