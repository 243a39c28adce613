import type { RaceResult, RacerProgress, RaceStanding, RatingChange, ServerMessage } from '@scorpion/protocol';
import type { Clock } from '../clock.ts';
import type { LiveGame } from '../games/live-game.ts';
import type { Gate } from '../games/policy.ts';
import type { GameService } from '../games/service.ts';
import { type RatingChange as Rated, rateRace, shownRating } from '../ratings/model.ts';
import { startOfUtcDay } from '../ratings/repeat.ts';
import type { Push } from '../realtime/ports.ts';
import { type Refusal, refuse } from '../refusal.ts';
import { type Fence, FencedOut, type RaceRow, type RacesRepo } from '../repo/types.ts';
import { Absences } from './absence.ts';
import { endRefusal, IDLE_BEFORE_END_MS } from './host-end.ts';
import { ProgressTicks } from './progress-ticks.ts';
import { rankRace } from './ranking.ts';
import { RaceWatchers } from './watchers.ts';

/** Progress of others is shown live, but two frames per room a second are plenty to watch. */
export const PROGRESS_MS = 500;

/**
 * A racer's ack carries everyone's progress; one who keeps moving gets a `race-progress` frame
 * only when no ack of theirs came for this long. Twice the frame's period: a racer moving
 * about twice a second would otherwise meet the frame's timer just ahead of their next ack.
 */
export const ACK_COVERS_MS = 2 * PROGRESS_MS;

/**
 * The progress throttle's clock: about load, not game time, so the wall clock (as the rate
 * limits' is), not the race's clock, which tests stop.
 */
export const throttleClock = () => performance.now();

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
 * One running race and everything it owns: its racers' games, its countdown and its single
 * deadline timer, its racers' absences and its progress throttle. It belongs to this process
 * alone; everything needed to pick it up again after a restart is in the database.
 */
export class LiveRace {
  private readonly timers: NodeJS.Timeout[] = [];
  /** Racers without a socket; one away for the whole grace is counted out (gave up). */
  private readonly absences: Absences;
  /** Where a progress tick is due: moves within `PROGRESS_MS` of each other share one. */
  private readonly ticks: ProgressTicks;
  /** How many times anyone's progress changed: who has seen the latest needs no frame. */
  private changes = 0;
  /**
   * For each player who had everyone's progress: as of which change, and until when
   * (`throttleClock`) they need no frame. A racer's ack carries it, so a racer who keeps moving
   * needs no `race-progress` frame: those were half of this server's socket writes under load.
   * An entry is changed in place (`see`): a new one per ack reached the old generation.
   */
  private readonly seen = new Map<string, { change: number; until: number }>();
  private ending = false;
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
  /** `games` as a list, in the same order, for the ack's standing. */
  private readonly racerList: readonly { readonly playerId: string; readonly gameId: string }[];
  private readonly room: RaceRoom;
  private readonly deps: RaceDeps;

  constructor(row: RaceRow, games: ReadonlyMap<string, string>, room: RaceRoom, deps: RaceDeps) {
    this.row = row;
    this.games = games;
    this.racerList = [...games].map(([playerId, gameId]) => ({ playerId, gameId }));
    this.room = room;
    this.deps = deps;
    this.ticks = deps.ticks ?? new ProgressTicks(throttleClock);
    this.absences = new Absences(deps.now, deps.absentGraceMs, (playerId) => this.countOut(playerId));
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
   * Whether a racer's game takes actions at `now`: not before the start; after the deadline,
   * not any more, and the race ends for everyone (a move may beat the deadline's timer to it).
   */
  gate(now: number): Gate {
    if (now < this.startsAt) return 'early';
    const deadline = this.deadline;
    if (deadline === null || now < deadline) return 'open';
    this.detached(this.end());
    return 'timed-out';
  }

  /** Starts the clocks: "go" at the countdown's end, the end at the deadline, absences. */
  run(): void {
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
    const standings = await this.standings();
    const solves = standings.flatMap(({ game }) =>
      game.row.status === 'won' && game.row.finishedAt !== null ? [game.row.finishedAt] : [],
    );
    if (solves.length > 0) this.solved(Math.min(...solves));
    if (standings.every((r) => r.game.row.status !== 'playing')) await this.end();
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
    this.detached(this.sendProgress(playerId === undefined ? this.room.audience() : [playerId]));
  }

  /** A racer's game changed: a finish is shown at once (and may end the race), moves throttled. */
  gameChanged(game: LiveGame): void {
    if (this.stopped) return;
    this.watchers.changed(game);
    this.changes++;
    if (game.row.status !== 'playing') {
      if (game.row.status === 'won') this.solved(game.row.finishedAt ?? this.deps.now());
      this.ticks.cancel(this);
      this.detached(this.sendProgress(this.room.audience()).then(() => this.endIfDone()));
      return;
    }
    if (!this.ticks.has(this)) this.ticks.schedule(this, throttleClock() + PROGRESS_MS);
  }

  /**
   * Everyone's progress for the ack of `playerId`'s own action, while the race runs: it stands
   * for a `race-progress` frame to them for the next `ACK_COVERS_MS`.
   */
  standingFor(playerId: string): RaceStanding | Promise<RaceStanding | undefined> | undefined {
    if (this.ending) return undefined;
    const change = this.changes;
    const now = this.standingNow();
    if (now === undefined) return this.standingLater(playerId, change);
    this.see(playerId, change, throttleClock() + ACK_COVERS_MS);
    return now;
  }

  /** `standingFor` when a racer's game has to be loaded first. */
  private async standingLater(playerId: string, change: number): Promise<RaceStanding> {
    const standing = await this.standing();
    this.see(playerId, change, throttleClock() + ACK_COVERS_MS);
    return standing;
  }

  private see(playerId: string, change: number, until: number): void {
    const seen = this.seen.get(playerId);
    if (seen) {
      seen.change = change;
      seen.until = until;
    } else this.seen.set(playerId, { change, until });
  }

  /**
   * The throttled frame: to everyone who has not seen the latest change, but not before the
   * last one they had stops covering them; for those, the tick comes again then, in case no ack
   * of theirs comes first. Run by `ProgressTicks` (at most `TICK_GRAIN_MS` late).
   */
  progressTick(): void {
    if (this.ending) return;
    const now = throttleClock();
    const due: string[] = [];
    let next = Number.POSITIVE_INFINITY;
    for (const playerId of this.room.audience()) {
      const seen = this.seen.get(playerId);
      if (seen?.change === this.changes) continue;
      if (seen === undefined || now >= seen.until) due.push(playerId);
      else next = Math.min(next, seen.until);
    }
    if (due.length > 0) this.detached(this.sendProgress(due));
    if (next < Number.POSITIVE_INFINITY) this.ticks.schedule(this, next);
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

  /** Everyone's progress, the frame the panel shows, to `to` at once. */
  private async sendProgress(to: Iterable<string>): Promise<void> {
    const change = this.changes;
    const frame: ServerMessage = { type: 'race-progress', ...(await this.standing()) };
    const until = throttleClock() + PROGRESS_MS;
    for (const playerId of to) {
      this.deps.push.send(playerId, frame);
      this.see(playerId, change, until);
    }
  }

  private async standing(): Promise<RaceStanding> {
    const racers = (await this.standings()).map((r) => r.progress);
    return { code: this.code, raceId: this.id, racers };
  }

  /** Why `hostId` may not end the race now (`endRefusal`), or undefined when they may. */
  async endRefusal(hostId: string): Promise<Refusal | undefined> {
    const since = Math.max(this.startsAt, this.runSince);
    const racers = (await this.standings()).map(({ progress, game }) => ({
      playerId: progress.playerId,
      nickname: progress.nickname,
      playing: progress.state === 'playing',
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
    this.ending = true;
    this.stop();
    await this.endOnce(endedBy);
  }

  private async endOnce(endedBy: string | null): Promise<void> {
    const { games, races, now } = this.deps;
    const fence = this.deps.fence?.(this.code);
    for (const gameId of this.games.values()) await games.close(gameId, 'timed-out', fence);
    const standings = await this.standings();
    const results = rankRace(
      standings.map(({ progress, game }) => ({
        playerId: progress.playerId,
        nickname: progress.nickname,
        won: game.row.status === 'won',
        gaveUp: game.row.status === 'gave-up',
        timeMs: game.row.timeMs ?? 0,
        progress: game.row.progress,
        faceDown: game.row.faceDown,
        moves: game.row.moves,
        gameId: game.row.id,
      })),
    );
    // A rated race is rated in the transaction that ends it: exactly once, by whoever ends it. A
    // pair already met, rated, today counts for less (read before: a racer races once at a time).
    let rated: Rated[] | null = null;
    const repeats = this.row.rated
      ? await races.ratedTogetherSince(
          results.map((r) => r.playerId),
          startOfUtcDay(now()),
        )
      : undefined;
    const rate = repeats
      ? (before: Parameters<typeof rateRace>[1]) => {
          rated = rateRace(results, before, repeats);
          return rated;
        }
      : undefined;
    const stored = await races.finish(this.id, now(), results, fence, rate);
    this.finished = true;
    const ratings = stored ? shownChanges(rated) : null;
    this.room.raceOver(this, stored ? results : await races.results(this.id), ratings, endedBy);
    await this.sendGames();
    for (const gameId of this.games.values()) games.forget(gameId);
  }

  /** Every racer's game to its racer: when dealt, and when over (public then). */
  private async sendGames(): Promise<void> {
    const { games, push } = this.deps;
    for (const [playerId, gameId] of this.games) {
      const game = await games.load(gameId);
      if (game) push.send(playerId, { type: 'game', game: await games.snapshot(game) });
    }
  }

  /** Stops the timers; a race stopped by a shutdown stays running in the database. */
  stop(): void {
    this.stopped = true;
    this.absences.stop();
    this.watchers.stop();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.length = 0;
    this.ticks.cancel(this);
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

  private async standings(): Promise<{ progress: RacerProgress; game: LiveGame }[]> {
    const list = [];
    for (const [playerId, gameId] of this.games) {
      const game = await this.deps.games.load(gameId);
      if (game) list.push({ game, progress: this.progressOf(playerId, game) });
    }
    return list;
  }

  /**
   * Everyone's progress when every racer's game is in memory, as it is while they play: built
   * on every racer's ack, so without a turn of the event loop per racer. Undefined otherwise.
   */
  private standingNow(): RaceStanding | undefined {
    // By index over a list made once: a map's entries make an array per racer per ack.
    const racers: RacerProgress[] = new Array(this.racerList.length);
    for (let i = 0; i < this.racerList.length; i++) {
      const { playerId, gameId } = this.racerList[i]!;
      const game = this.deps.games.cached(gameId);
      if (!game) return undefined;
      racers[i] = this.progressOf(playerId, game);
    }
    return { code: this.code, raceId: this.id, racers };
  }

  private progressOf(playerId: string, game: LiveGame): RacerProgress {
    const row = game.row;
    return {
      playerId,
      nickname: this.room.nickname(playerId),
      progress: row.progress,
      faceDown: row.faceDown,
      moves: row.moves,
      state: row.status,
      timeMs: row.timeMs,
      connected: this.deps.push.connected(playerId),
    };
  }

  private async endIfDone(): Promise<void> {
    const standings = await this.standings();
    if (standings.every((r) => r.game.row.status !== 'playing')) await this.end();
  }
}

/** What racers are shown of their rating changes. */
function shownChanges(changes: readonly Rated[] | null): RatingChange[] | null {
  return (
    changes?.map((c) => ({
      playerId: c.playerId,
      before: shownRating(c.muBefore),
      after: { rating: shownRating(c.mu), provisional: !c.established, games: c.games },
    })) ?? null
  );
}
