import type {
  ErrorCode,
  GameOptions,
  RaceResult,
  RacerProgress,
  RoomState,
  ServerMessage,
  TimeLimit,
} from '@scorpion/protocol';
import type { VariantId } from '@scorpion/rules';
import type { Clock } from '../clock.ts';
import { type Certifier, CertifierUnavailable, pickCertified } from '../deals/certify.ts';
import type { Deal, DealSource } from '../deals/source.ts';
import { KeyedLock } from '../games/lock.ts';
import type { GameService } from '../games/service.ts';
import type { Session } from '../games/session.ts';
import { newId } from '../identity/token.ts';
import type { RaceRow, Repos, RoomRow } from '../repo/types.ts';
import type { Push } from '../ws/push.ts';
import { ABSENT_GRACE_MS, Absences } from './absence.ts';
import { newRoomCode } from './codes.ts';
import { rankRace } from './ranking.ts';

export const MAX_PLAYERS = 8;
export const MIN_PLAYERS = 2;
/** Progress of others is shown live, but two frames per room a second are plenty to watch. */
export const PROGRESS_MS = 500;

/** Why a "winnable deals only" race was not dealt while the solver is down. */
export const RACE_UNAVAILABLE =
  'No race was dealt: the solver that finds winnable deals is restarting. Try again in a minute.';

interface LiveRace {
  row: RaceRow;
  /** playerId → gameId, for everyone who was present in the room when the race started. */
  readonly games: Map<string, string>;
  readonly timers: NodeJS.Timeout[];
  /** Racers without a socket; one away for the whole grace is counted out (gave up). */
  readonly absences: Absences;
  /** A progress broadcast is due: moves within `PROGRESS_MS` of each other share one. */
  progressDue: NodeJS.Timeout | undefined;
  ending: boolean;
}

interface LiveRoom {
  row: RoomRow;
  members: string[];
  readonly nicknames: Map<string, string>;
  race: LiveRace | undefined;
  lastResults: RaceResult[] | null;
  /** The host while away: after the grace, a member who is here takes over the room. */
  readonly hostAway: Absences;
}

export type HubResult<T> = { ok: true; value: T } | { ok: false; code: ErrorCode; message: string };

const fail = (code: ErrorCode, message: string): { ok: false; code: ErrorCode; message: string } => ({
  ok: false,
  code,
  message,
});

export interface RoomSpec {
  variant: VariantId;
  options: GameOptions;
  timeLimit: TimeLimit;
  winnableOnly: boolean;
}

/**
 * Race rooms and their live races. A live race belongs to this process alone: its timers, its
 * progress broadcasts. Everything needed to pick it up again after a restart is in the database.
 */
export class RaceHub {
  private readonly rooms = new Map<string, LiveRoom>();
  private readonly byRace = new Map<string, LiveRoom>();
  private readonly lock = new KeyedLock();

  private readonly repos: Repos;
  private readonly games: GameService;
  private readonly deals: DealSource;
  private readonly certifier: Certifier;
  private readonly push: Push;
  private readonly now: Clock;
  private readonly countdownMs: number;
  private readonly absentGraceMs: number;
  constructor(
    repos: Repos,
    games: GameService,
    deals: DealSource,
    certifier: Certifier,
    push: Push,
    now: Clock,
    countdownMs: number,
    absentGraceMs = ABSENT_GRACE_MS,
  ) {
    this.repos = repos;
    this.games = games;
    this.deals = deals;
    this.certifier = certifier;
    this.push = push;
    this.now = now;
    this.countdownMs = countdownMs;
    this.absentGraceMs = absentGraceMs;
    games.raceWindow = (raceId) => {
      const race = this.byRace.get(raceId)?.race;
      return race && { startsAt: race.row.startsAt + race.row.pausedMs, deadline: this.deadline(race.row) };
    };
    games.raceInfo = async (raceId) => {
      const live = this.byRace.get(raceId);
      if (live) return { code: live.row.code, over: live.race?.row.id !== raceId };
      const race = await repos.races.get(raceId);
      return race && { code: race.code, over: race.status === 'finished' };
    };
    games.onChange((session) => this.gameChanged(session));
  }

  private liveRace(row: RaceRow, games: Map<string, string>): LiveRace {
    const absences = new Absences(this.now, this.absentGraceMs, (playerId) => {
      // Closing a game that already ended does nothing, so a finished racer may drop freely.
      const gameId = games.get(playerId);
      if (gameId) void this.games.close(gameId, 'gave-up');
    });
    return { row, games, timers: [], absences, progressDue: undefined, ending: false };
  }

  private deadline(race: RaceRow): number | null {
    return race.timeLimit > 0 ? race.startsAt + race.pausedMs + race.timeLimit * 60_000 : null;
  }

  async create(hostId: string, spec: RoomSpec): Promise<RoomState> {
    for (;;) {
      const row: RoomRow = { code: newRoomCode(), hostId, ...spec, createdAt: this.now() };
      if ((await this.repos.rooms.create(row)) === 'taken') continue;
      await this.repos.rooms.addMember(row.code, hostId, this.now());
      const room = await this.room(row.code);
      return this.state(room!);
    }
  }

  /** The room in memory, loaded from the database on first use (with its live race, if any). */
  private async room(code: string): Promise<LiveRoom | undefined> {
    const cached = this.rooms.get(code);
    if (cached) return cached;
    const row = await this.repos.rooms.get(code);
    if (!row) return undefined;
    const members = await this.repos.rooms.members(code);
    const last = await this.repos.races.lastOf(code);
    const room: LiveRoom = {
      row,
      members,
      nicknames: new Map(),
      race: undefined,
      lastResults: null,
      hostAway: new Absences(this.now, this.absentGraceMs, () => void this.handOver(code)),
    };
    await this.learnNicknames(room, members);
    if (last?.status === 'racing') {
      const games = new Map((await this.repos.races.gamesOf(last.id)).map((g) => [g.playerId, g.gameId]));
      await this.learnNicknames(room, [...games.keys()]);
      room.race = this.liveRace(last, games);
    } else if (last) {
      room.lastResults = await this.repos.races.results(last.id);
    }
    // Another caller may have loaded it while we awaited: theirs is the one that lives.
    const loaded = this.rooms.get(code);
    if (loaded) return loaded;
    this.rooms.set(code, room);
    if (!this.push.connected(row.hostId)) room.hostAway.away(row.hostId);
    if (room.race) {
      this.byRace.set(room.race.row.id, room);
      this.schedule(room, room.race);
    }
    return room;
  }

  private async learnNicknames(room: LiveRoom, ids: readonly string[]): Promise<void> {
    const missing = ids.filter((id) => !room.nicknames.has(id));
    for (const p of await this.repos.players.byIds(missing)) room.nicknames.set(p.id, p.nickname);
  }

  /** After a restart: every race that was running carries on (or ends, if its time ran out). */
  async resumeRunning(): Promise<number> {
    const running = await this.repos.races.running();
    for (const race of running) await this.room(race.code);
    return running.length;
  }

  join(playerId: string, code: string): Promise<HubResult<{ room: RoomState; game: string | null }>> {
    return this.lock.run(code, async () => {
      const room = await this.room(code);
      if (!room) return fail('no-such-room', 'There is no room with that code.');
      if (!room.members.includes(playerId)) {
        if (room.members.length >= MAX_PLAYERS) {
          const seat = this.vacantSeat(room);
          if (!seat) return fail('room-full', `A room holds ${MAX_PLAYERS} players, and all of them are here.`);
          await this.removeMember(room, seat);
        }
        await this.repos.rooms.addMember(code, playerId, this.now());
        room.members.push(playerId);
        // Everyone had left, the host too: the room is the newcomer's, or nobody could start a race.
        if (!room.members.includes(room.row.hostId)) await this.setHost(room, playerId);
        await this.learnNicknames(room, [playerId]);
        this.broadcastRoom(room);
      }
      // Whoever (re)joins during a race sees where everyone is now, not at the next move.
      const race = room.race;
      if (race) void this.progressFrame(room, race).then((frame) => this.push.send(playerId, frame));
      return { ok: true, value: { room: this.state(room), game: race?.games.get(playerId) ?? null } };
    });
  }

  leave(playerId: string, code: string): Promise<HubResult<RoomState>> {
    return this.lock.run(code, async () => {
      const room = await this.room(code);
      if (!room) return fail('no-such-room', 'There is no room with that code.');
      if (!room.members.includes(playerId)) return fail('not-in-room', 'You are not in that room.');
      await this.removeMember(room, playerId);
      const gameId = room.race?.games.get(playerId);
      const state = this.state(room);
      this.broadcastRoom(room);
      if (gameId) void this.games.close(gameId, 'gave-up');
      return { ok: true, value: state };
    });
  }

  private async removeMember(room: LiveRoom, playerId: string): Promise<void> {
    await this.repos.rooms.removeMember(room.row.code, playerId);
    room.members = room.members.filter((m) => m !== playerId);
    if (room.row.hostId === playerId && room.members.length > 0) {
      // The host's job is to start the next race, which only someone present can do.
      await this.setHost(room, room.members.find((m) => this.push.connected(m)) ?? room.members[0]!);
    }
  }

  /**
   * In a full room, the seat of a member who is away and not racing now (the earliest to have
   * joined of them): a tab closed yesterday must not keep a friend with the link out. Coming
   * back, they join again like anyone else, if there is room.
   */
  private vacantSeat(room: LiveRoom): string | undefined {
    return room.members.find((m) => !this.push.connected(m) && !room.race?.games.has(m));
  }

  private async setHost(room: LiveRoom, hostId: string): Promise<void> {
    room.hostAway.back(room.row.hostId);
    room.row = { ...room.row, hostId };
    await this.repos.rooms.setHost(room.row.code, hostId);
    if (!this.push.connected(hostId)) room.hostAway.away(hostId);
  }

  /** The host has been away for the whole grace: the first member who is here takes over. */
  private handOver(code: string): Promise<void> {
    return this.lock.run(code, async () => {
      const room = this.rooms.get(code);
      if (!room || this.push.connected(room.row.hostId)) return;
      const next = room.members.find((m) => this.push.connected(m));
      if (!next) return;
      await this.setHost(room, next);
      this.broadcastRoom(room);
    });
  }

  /**
   * The host starts a race (or the rematch): a fresh deal for every member present now. Members
   * who are away watch this race when they come back, and are dealt in at the next rematch: a
   * race never waits for someone who was not there when it began.
   */
  start(playerId: string, code: string): Promise<HubResult<RoomState>> {
    return this.lock.run(code, async () => {
      const room = await this.room(code);
      if (!room) return fail('no-such-room', 'There is no room with that code.');
      if (room.row.hostId !== playerId) return fail('not-host', 'Only the host starts the race.');
      if (room.race) return fail('race-running', 'A race is already running in this room.');
      const present = room.members.filter((m) => this.push.connected(m));
      if (present.length < MIN_PLAYERS) {
        const away = room.members.length - present.length;
        const why = away > 0 ? ` ${away === 1 ? 'One member is' : `${away} members are`} away.` : '';
        return fail('too-few-players', `A race needs ${MIN_PLAYERS} players present.${why}`);
      }

      const { variant, options } = room.row;
      let deal: Deal;
      try {
        deal = room.row.winnableOnly
          ? await pickCertified(this.certifier, variant, options, () => this.deals.fresh(variant))
          : this.deals.fresh(variant);
      } catch (error) {
        if (error instanceof CertifierUnavailable) return fail('solver-unavailable', RACE_UNAVAILABLE);
        throw error;
      }
      const raceRow: RaceRow = {
        id: newId(),
        code,
        number: (await this.repos.races.count(code)) + 1,
        seed: deal.seed,
        startsAt: this.now() + this.countdownMs,
        pausedMs: 0,
        timeLimit: room.row.timeLimit,
        status: 'racing',
        finishedAt: null,
      };
      const rows = present.map((member) =>
        this.games.newRow({
          playerId: member,
          kind: 'race',
          variant,
          options,
          seed: deal.seed,
          playerSeed: false,
          deck: deal.deck,
          raceId: raceRow.id,
          ranked: true,
          startedAt: raceRow.startsAt,
        }),
      );
      await this.repos.races.create(raceRow, rows);
      const race = this.liveRace(raceRow, new Map(rows.map((r) => [r.playerId, r.id])));
      for (const row of rows) this.games.adopt(row);
      room.race = race;
      room.lastResults = null;
      this.byRace.set(raceRow.id, room);
      this.schedule(room, race);
      this.broadcastRoom(room);
      // The panel shows the new field at once, not the last race's until someone moves.
      void this.broadcastProgress(room, race);
      for (const [member, gameId] of race.games) void this.sendGame(member, gameId);
      return { ok: true, value: this.state(room) };
    });
  }

  private async sendGame(playerId: string, gameId: string): Promise<void> {
    const session = await this.games.load(gameId);
    if (session) this.push.send(playerId, { type: 'game', game: await this.games.snapshot(session) });
  }

  /** Countdown end (to say "go") and time limit (to end the race), on the server clock. */
  private schedule(room: LiveRoom, race: LiveRace): void {
    const startsAt = race.row.startsAt + race.row.pausedMs;
    // A timer may fire a hair before the clock reaches its time; the room would then still read
    // "countdown" and nobody would hear "go". So it waits again for whatever is left.
    const announceStart = () => {
      const left = startsAt - this.now();
      if (left > 0) race.timers.push(setTimeout(announceStart, left));
      else this.broadcastRoom(room);
    };
    const untilStart = startsAt - this.now();
    if (untilStart > 0) race.timers.push(setTimeout(announceStart, untilStart));
    const deadline = this.deadline(race.row);
    if (deadline !== null) {
      race.timers.push(setTimeout(() => void this.end(room, race), Math.max(0, deadline - this.now())));
    }
    // Nobody is connected to a race resumed after a restart: their grace starts now.
    for (const playerId of race.games.keys()) {
      if (!this.push.connected(playerId)) race.absences.away(playerId);
    }
    void this.endIfDone(room, race);
  }

  private gameChanged(session: Session): void {
    const raceId = session.row.raceId;
    if (!raceId) return;
    const room = this.byRace.get(raceId);
    const race = room?.race;
    if (!room || !race || race.row.id !== raceId) return;
    const deadline = this.deadline(race.row);
    if (deadline !== null && this.now() >= deadline) {
      // Time is up (a move beat the timer to it): the race ends for everyone now.
      void this.end(room, race);
      return;
    }
    if (session.row.status !== 'playing') {
      // Someone finished: tell everyone now, and end the race if they were the last.
      clearTimeout(race.progressDue);
      race.progressDue = undefined;
      void this.broadcastProgress(room, race).then(() => this.endIfDone(room, race));
      return;
    }
    race.progressDue ??= setTimeout(() => {
      race.progressDue = undefined;
      if (!race.ending) void this.broadcastProgress(room, race);
    }, PROGRESS_MS);
  }

  private async racers(room: LiveRoom, race: LiveRace): Promise<{ progress: RacerProgress; session: Session }[]> {
    const list = [];
    for (const [playerId, gameId] of race.games) {
      const session = await this.games.load(gameId);
      if (!session) continue;
      const row = session.row;
      list.push({
        session,
        progress: {
          playerId,
          nickname: room.nicknames.get(playerId) ?? '?',
          progress: row.progress,
          faceDown: row.faceDown,
          moves: row.moves,
          state: row.status,
          timeMs: row.timeMs,
          connected: this.push.connected(playerId),
        },
      });
    }
    return list;
  }

  private async progressFrame(room: LiveRoom, race: LiveRace): Promise<ServerMessage> {
    const racers = (await this.racers(room, race)).map((r) => r.progress);
    return { type: 'race-progress', code: room.row.code, raceId: race.row.id, racers };
  }

  private async broadcastProgress(room: LiveRoom, race: LiveRace): Promise<void> {
    this.broadcast(room, await this.progressFrame(room, race));
  }

  private async endIfDone(room: LiveRoom, race: LiveRace): Promise<void> {
    const racers = await this.racers(room, race);
    if (racers.every((r) => r.session.row.status !== 'playing')) await this.end(room, race);
  }

  /** Ends a race once: the rest time out, the ranking is stored, everyone is told. */
  private async end(room: LiveRoom, race: LiveRace): Promise<void> {
    if (race.ending) return;
    race.ending = true;
    race.absences.stop();
    for (const timer of [...race.timers, race.progressDue]) clearTimeout(timer);
    for (const gameId of race.games.values()) await this.games.close(gameId, 'timed-out');
    const racers = await this.racers(room, race);
    const results = rankRace(
      racers.map(({ progress, session }) => ({
        playerId: progress.playerId,
        nickname: progress.nickname,
        won: session.row.status === 'won',
        gaveUp: session.row.status === 'gave-up',
        timeMs: session.row.timeMs ?? 0,
        progress: session.row.progress,
        faceDown: session.row.faceDown,
        moves: session.row.moves,
        gameId: session.row.id,
      })),
    );
    const stored = await this.repos.races.finish(race.row.id, this.now(), results);
    const final = stored ? results : await this.repos.races.results(race.row.id);
    if (room.race === race) room.race = undefined;
    room.lastResults = final;
    this.broadcast(room, {
      type: 'race-over',
      code: room.row.code,
      raceId: race.row.id,
      seed: race.row.seed,
      results: final,
    });
    this.broadcastRoom(room);
    for (const [playerId, gameId] of race.games) {
      await this.sendGame(playerId, gameId);
      this.games.forget(gameId);
    }
    this.byRace.delete(race.row.id);
  }

  state(room: LiveRoom): RoomState {
    const race = room.race;
    const now = this.now();
    const startsAt = race ? race.row.startsAt + race.row.pausedMs : 0;
    return {
      code: room.row.code,
      hostId: room.row.hostId,
      variant: room.row.variant,
      options: room.row.options,
      timeLimit: room.row.timeLimit,
      winnableOnly: room.row.winnableOnly,
      members: room.members.map((id) => ({
        id,
        nickname: room.nicknames.get(id) ?? '?',
        host: id === room.row.hostId,
        connected: this.push.connected(id),
      })),
      status: race ? (now < startsAt ? 'countdown' : 'racing') : room.lastResults ? 'finished' : 'lobby',
      race: race ? { raceId: race.row.id, number: race.row.number, startsAt, endsAt: this.deadline(race.row) } : null,
      lastResults: room.lastResults,
      serverTime: now,
    };
  }

  /**
   * Someone connected or dropped: rooms they belong to show it, and a race they are in starts
   * (or stops) their grace and shows the others at once.
   */
  presenceChanged(playerId: string): void {
    const here = this.push.connected(playerId);
    for (const room of this.rooms.values()) {
      const race = room.race?.games.has(playerId) ? room.race : undefined;
      if (!race && !room.members.includes(playerId)) continue;
      const host = room.row.hostId;
      if (playerId === host) {
        if (here) room.hostAway.back(host);
        else room.hostAway.away(host);
      } else if (here && !this.push.connected(host) && !room.hostAway.isAway(host)) {
        // The host's grace ran out while nobody was here to take over: this member does.
        void this.handOver(room.row.code);
      }
      this.broadcastRoom(room);
      if (!race || race.ending) continue;
      if (here) race.absences.back(playerId);
      else race.absences.away(playerId);
      void this.broadcastProgress(room, race);
    }
  }

  /** A member renamed themselves: the rooms they are in show the new name now, not after a restart. */
  renamed(playerId: string, nickname: string): void {
    for (const room of this.rooms.values()) {
      if (!room.nicknames.has(playerId)) continue;
      room.nicknames.set(playerId, nickname);
      this.broadcastRoom(room);
      const race = room.race;
      if (race?.games.has(playerId) && !race.ending) void this.broadcastProgress(room, race);
    }
  }

  private broadcastRoom(room: LiveRoom): void {
    this.broadcast(room, { type: 'room', room: this.state(room) });
  }

  private broadcast(room: LiveRoom, message: ServerMessage): void {
    const to = new Set([...room.members, ...(room.race?.games.keys() ?? [])]);
    for (const playerId of to) this.push.send(playerId, message);
  }

  /** Stops the timers; the races stay running in the database for the next start. */
  stop(): void {
    for (const room of this.rooms.values()) {
      room.hostAway.stop();
      room.race?.absences.stop();
      for (const timer of [...(room.race?.timers ?? []), room.race?.progressDue]) clearTimeout(timer);
    }
  }
}
