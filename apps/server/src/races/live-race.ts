import type { RaceResult, RaceStanding, RatingChange, ServerMessage } from '@scorpion/protocol';
import type { Clock } from '../clock.ts';
import type { GameOwner, LiveGame } from '../games/live-game.ts';
import type { GameService } from '../games/service.ts';
import { type Refusal, refuse } from '../refusal.ts';
import { type Fence, FencedOut, type GameRow, type RaceRow, type RacesRepo } from '../repo/types.ts';
import type { Push } from '../ws/push.ts';
import { Absences } from './absence.ts';
import { endRefusal, IDLE_BEFORE_END_MS } from './host-end.ts';
import { ProgressTicks } from './progress-ticks.ts';
import { storeRaceEnd } from './race-end.ts';
import { RaceProgress, throttleClock } from './race-progress.ts';
import { RaceWatchers } from './watchers.ts';

/** What a race needs of the room it runs in. */
export interface RaceRoom {
  readonly code: string;
  /** Seconds the others get to finish once someone has solved it; 0 waits for everyone. */
  readonly finishWindow: number;
  nickname(playerId: string): string;
  /** Everyone in the room and every racer: who hears the race. */
  audience(): Iterable<string>;
  /** To everyone in the room and every racer. */
  broadcast(message: ServerMessage): void;
  /** The room's state changed (the countdown is over). */
  changed(): void;
  /**
   * The race is over, its ranking stored: `results` are final; `ratings` if it was rated here;
   * `endedBy` the host who ended it (`room-end`), if one did.
   */
  raceOver(race: LiveRace, results: RaceResult[], ratings: RatingChange[] | null, endedBy: string | null): void;
}

export interface RaceDeps {
  readonly games: GameService;
  readonly races: RacesRepo;
  readonly push: Push;
  readonly now: Clock;
  readonly absentGraceMs: number;
  /** The epoch this process holds the race's room under (cluster mode): race writes carry it. */
  readonly fence?: (code: string) => Fence | undefined;
  /** A fenced write was refused: another process owns the room now, this one must let it go. */
  readonly fencedOut?: (code: string) => void;
  /** Cluster mode: rejects once this process no longer owns the room (`RaceHub.confirmOwner`). */
  readonly confirmOwner?: (code: string) => Promise<void> | undefined;
  /**
   * A step of the race's own that nobody awaits (a timer's, a closed socket's, a finished game's)
   * failed otherwise (the database away): the hub logs it and loads the room again from the
   * database. Never thrown into the detached promise: that would end the process, every race on it.
   */
  readonly failed: (race: LiveRace, error: unknown) => void;
  /** The process's one timer for progress ticks (`throttleClock`); a race alone has its own. */
  readonly ticks?: ProgressTicks;
  /** `IDLE_BEFORE_END_MS`, shorter only in the browser tests. */
  readonly idleBeforeEndMs?: number;
}

/**
 * One running race and everything it owns: its racers' games (it is their `GameOwner`: their
 * window is its countdown and deadline, and it hears their changes), its countdown and its
 * single deadline timer, its racers' absences and its progress. It belongs to this process
 * alone; everything needed to pick it up again after a restart is in the database.
 */
export class LiveRace implements GameOwner {
  private readonly timers: NodeJS.Timeout[] = [];
  /** Racers without a socket; one away for the whole grace is counted out (gave up). */
  private readonly absences: Absences;
  private readonly progress: RaceProgress;
  /**
   * When the first racer solved it (server clock): the race ends `finishWindow` seconds later
   * for whoever still plays. Found again from the stored games after a restart (`run`).
   */
  private firstSolve: number | undefined;
  /**
   * When this process began to run the race (server clock): nobody counts as idle from before
   * then, as after a restart (or a takeover) nobody could play in between.
   */
  private runSince = 0;
  /**
   * Stopped (its end begun, a shutdown, or the room taken over): nothing more is sent or stored
   * from here but what `end` itself does. A socket closing as the server shuts down would
   * otherwise have the race load its games for a progress frame from a database already closed.
   */
  private stopped = false;
  private finished = false;
  /** Members who are not racing (any more) watching a racer's board, a few seconds behind. */
  private readonly watchers: RaceWatchers;

  readonly row: RaceRow;
  /** playerId → gameId, for everyone who was present in the room when the race started. */
  private readonly games: ReadonlyMap<string, string>;
  private readonly room: RaceRoom;
  private readonly deps: RaceDeps;

  constructor(row: RaceRow, games: ReadonlyMap<string, string>, room: RaceRoom, deps: RaceDeps) {
    this.row = row;
    this.games = games;
    this.room = room;
    this.deps = deps;
    this.absences = new Absences(deps.now, deps.absentGraceMs, (playerId) => this.countOut(playerId));
    this.progress = new RaceProgress({
      code: room.code,
      raceId: row.id,
      racers: [...games].map(([playerId, gameId]) => ({ playerId, gameId })),
      games: deps.games,
      push: deps.push,
      nickname: (playerId) => room.nickname(playerId),
      audience: () => room.audience(),
      ticks: deps.ticks ?? new ProgressTicks(throttleClock),
      detached: (step) => this.detached(step),
    });
    this.watchers = new RaceWatchers({
      now: deps.now,
      send: (playerId, message) => deps.push.send(playerId, message),
      mayWatch: (playerId) => this.mayWatch(playerId),
      nickname: (playerId) => room.nickname(playerId),
      race: { code: room.code, raceId: row.id },
    });
  }

  get id(): string {
    return this.row.id;
  }

  get code(): string {
    return this.room.code;
  }

  /** When moves may start (server clock): the countdown's end, moved by any downtime. */
  get startsAt(): number {
    return this.row.startsAt + this.row.pausedMs;
  }

  /**
   * When the race ends: by its time limit, if it has one, or sooner once someone has solved it
   * and the room gives the others a finish window.
   */
  get deadline(): number | null {
    const limit = this.row.timeLimit > 0 ? this.startsAt + this.row.timeLimit * 60_000 : null;
    const windowMs = this.room.finishWindow * 1000;
    if (this.firstSolve === undefined || windowMs === 0) return limit;
    const closing = this.firstSolve + windowMs;
    return limit === null ? closing : Math.min(limit, closing);
  }

  /** A racer's game takes actions from the race's start... */
  get opensAt(): number {
    return this.startsAt;
  }

  /** ...until the race's deadline, when it times out. */
  get closesAt(): number | null {
    return this.deadline;
  }

  /** When the first racer solved it, if anyone has. */
  get solvedAt(): number | undefined {
    return this.firstSolve;
  }

  /** `finished` once it is over and ranked (its deal is public from then on: `secrecy.ts`). */
  get status(): 'racing' | 'finished' {
    return this.finished ? 'finished' : 'racing';
  }

  has(playerId: string): boolean {
    return this.games.has(playerId);
  }

  gameOf(playerId: string): string | undefined {
    return this.games.get(playerId);
  }

  racers(): IterableIterator<string> {
    return this.games.keys();
  }

  /**
   * Runs the race here: it owns its racers' games from now on (`stored`: their rows, just stored
   * with a new race), and its clocks start: "go" at the countdown's end, the end at the deadline,
   * absences.
   */
  run(stored: readonly GameRow[] = []): void {
    this.deps.games.hold(this, this.games.values(), stored);
    const now = this.deps.now;
    this.runSince = now();
    // A timer may fire a hair before the clock reaches its time; the room would then still read
    // "countdown" and nobody would hear "go". So it waits again for whatever is left.
    const announceStart = () => {
      const left = this.startsAt - now();
      if (left > 0) this.timers.push(setTimeout(announceStart, left));
      else this.room.changed();
    };
    const untilStart = this.startsAt - now();
    if (untilStart > 0) this.timers.push(setTimeout(announceStart, untilStart));
    this.endAtDeadline();
    // Nobody is connected to a race resumed after a restart: their grace starts now.
    for (const playerId of this.games.keys()) {
      if (!this.deps.push.connected(playerId)) this.absences.away(playerId);
    }
    this.detached(this.resume());
  }

  /** Cluster mode: a racer's action is stored only while this process still owns the room. */
  confirm(): Promise<void> | undefined {
    return this.deps.confirmOwner?.(this.code);
  }

  /**
   * A racer's game changed (stored): watchers see it, a finish is shown at once (and may end the
   * race), moves throttled; the ack of the racer's own action carries everyone's progress.
   */
  changed(game: LiveGame, ack: boolean): RaceStanding | Promise<RaceStanding> | undefined {
    if (!this.stopped) {
      this.watchers.changed(game);
      const over = game.row.status !== 'playing';
      if (over && game.row.status === 'won') this.solved(game.row.finishedAt ?? this.deps.now());
      const shown = this.progress.changed(over);
      if (shown) this.detached(shown.then(() => this.endIfDone()));
    }
    return ack ? this.progress.forAck(game.row.playerId) : undefined;
  }

  /** The timer that ends the race at its deadline, if it has one now. */
  private endAtDeadline(): void {
    const deadline = this.deadline;
    if (deadline === null) return;
    this.timers.push(setTimeout(() => this.detached(this.end()), Math.max(0, deadline - this.deps.now())));
  }

  /**
   * A race loaded again: a solve stored before the restart still closes it on time (the
   * others' window counts from that solve), and a race everyone has finished ends.
   */
  private async resume(): Promise<void> {
    const games = await this.racerGames();
    const solves = games.flatMap(({ game }) =>
      game.row.status === 'won' && game.row.finishedAt !== null ? [game.row.finishedAt] : [],
    );
    if (solves.length > 0) this.solved(Math.min(...solves));
    if (games.every((r) => r.game.row.status !== 'playing')) await this.end();
  }

  /**
   * Someone solved it at `at`: the first solve starts the others' finish window, whose end
   * everyone sees at once (the room's `endsAt`, the standings provisional until then).
   */
  private solved(at: number): void {
    if (this.firstSolve !== undefined || this.room.finishWindow === 0 || this.stopped) return;
    const before = this.deadline;
    this.firstSolve = at;
    if (this.deadline !== before) this.endAtDeadline();
    this.room.changed();
  }

  /**
   * A racer away for the whole grace is out of the race, as having given up. Closing a game that
   * already ended does nothing, so a finished racer may drop freely.
   */
  private countOut(playerId: string): void {
    const gameId = this.games.get(playerId);
    if (gameId) this.detached(this.deps.games.close(gameId, 'gave-up', this.deps.fence?.(this.code)));
  }

  /** A race dealt (or loaded again): the panel shows the field at once, and every racer gets their game. */
  announce(): void {
    this.showProgress();
    this.detached(this.sendGames());
  }

  /** Everyone's progress to `playerId` (one who came into the room), or to everyone in it. */
  showProgress(playerId?: string): void {
    if (this.stopped) return;
    this.detached(this.progress.send(playerId === undefined ? this.room.audience() : [playerId]));
  }

  /**
   * `watcher` (a member of the room) watches `racer`'s board from now on, `WATCH_DELAY_MS`
   * behind, or stops watching (`racer` null). Refused to a racer whose own game is still going.
   */
  async watch(watcher: string, racer: string | null): Promise<Refusal | undefined> {
    if (racer === null) {
      this.watchers.unwatch(watcher);
      return undefined;
    }
    const own = this.games.get(watcher);
    if (own !== undefined && (await this.deps.games.load(own))?.row.status === 'playing') {
      return refuse('still-racing', "You see the others' boards once your own game is over.");
    }
    const gameId = this.games.get(racer);
    const game = gameId === undefined ? undefined : await this.deps.games.load(gameId);
    if (!game || racer === watcher) return refuse('not-racing', 'That player is not racing in this race.');
    this.watchers.watch(watcher, racer, game);
    return undefined;
  }

  /** Who watches whom (watcher, racer): for the race loaded again in this one's place. */
  watching(): [string, string][] {
    return this.watchers.pairs();
  }

  /** Whether `playerId` may see a racer's board now: a member not racing, or whose game is over. */
  private mayWatch(playerId: string): boolean {
    if (!new Set(this.room.audience()).has(playerId)) return false;
    const own = this.games.get(playerId);
    if (own === undefined) return true;
    // Not in memory is not known to be over: no board until it is.
    const status = this.deps.games.cached(own)?.row.status;
    return status !== undefined && status !== 'playing';
  }

  /** A racer connected or dropped: their grace stops or starts, and the others see it now. */
  presence(playerId: string, here: boolean): void {
    if (this.stopped) return;
    if (here) this.absences.back(playerId);
    else this.absences.away(playerId);
    this.showProgress();
  }

  /** Why `hostId` may not end the race now (`endRefusal`), or undefined when they may. */
  async endRefusal(hostId: string): Promise<Refusal | undefined> {
    const since = Math.max(this.startsAt, this.runSince);
    const racers = (await this.racerGames()).map(({ playerId, nickname, game }) => ({
      playerId,
      nickname,
      playing: game.row.status === 'playing',
      activeAt: game.seq > 0 ? Math.max(since, game.stored(game.seq - 1).at) : since,
    }));
    const idleMs = this.deps.idleBeforeEndMs ?? IDLE_BEFORE_END_MS;
    return endRefusal({ hostId, timed: this.deadline !== null, racers, now: this.deps.now(), idleMs });
  }

  /**
   * Ends the race once: the rest time out, the ranking is stored, everyone is told (and who ended
   * it, if its host did: `endedBy`). A failure is the caller's: the race is stopped by then, so
   * the room must be let go or loaded again.
   */
  async end(endedBy: string | null = null): Promise<void> {
    if (this.stopped) return;
    this.progress.end();
    this.stop();
    const { games, races, now } = this.deps;
    const fence = this.deps.fence?.(this.code);
    for (const gameId of this.games.values()) await games.close(gameId, 'timed-out', fence);
    const ended = await storeRaceEnd(this.row, await this.racerGames(), races, now(), fence);
    this.finished = true;
    this.room.raceOver(this, ended.results, ended.ratings, endedBy);
    await this.sendGames();
    this.release();
  }

  /** Stops the timers; a race stopped by a shutdown stays running in the database. */
  stop(): void {
    this.stopped = true;
    this.absences.stop();
    this.watchers.stop();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.length = 0;
    this.progress.stop();
  }

  /** The race leaves this process (over, or its room let go): its games are no longer its here. */
  release(): void {
    this.stop();
    this.deps.games.release(this, this.games.values());
  }

  /** Every racer's game to its racer: when dealt, and when over (public then). */
  private async sendGames(): Promise<void> {
    const { games, push } = this.deps;
    for (const [playerId, gameId] of this.games) {
      const game = await games.load(gameId);
      if (game) push.send(playerId, { type: 'game', game: await games.snapshot(game) });
    }
  }

  /**
   * Runs a step nobody awaits. A race write refused by its fence lets the room go (the new owner
   * ends the race, not this process); any other failure is the hub's to recover from.
   */
  private detached(step: Promise<unknown>): void {
    step.catch((error: unknown) => {
      if (!(error instanceof FencedOut)) return this.deps.failed(this, error);
      this.stop();
      this.deps.fencedOut?.(this.code);
    });
  }

  /** Every racer still in the database, with their name and game (`RaceProgress.racerGames`). */
  private async racerGames(): Promise<{ playerId: string; nickname: string; game: LiveGame }[]> {
    const games = await this.progress.racerGames();
    const list = [];
    let i = 0;
    for (const playerId of this.games.keys()) {
      const game = games[i++];
      if (game) list.push({ playerId, nickname: this.room.nickname(playerId), game });
    }
    return list;
  }

  /** Everyone has finished, or the deadline has passed (a move beat its timer to it): the race ends. */
  private async endIfDone(): Promise<void> {
    const deadline = this.deadline;
    if (deadline !== null && this.deps.now() >= deadline) return this.end();
    const games = await this.racerGames();
    if (games.every((r) => r.game.row.status !== 'playing')) await this.end();
  }
}
