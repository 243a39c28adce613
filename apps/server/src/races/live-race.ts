import type { RaceResult, RaceStanding, RatingChange, ServerMessage } from '@scorpion/protocol';
import type { GameOwner, GameWindow, LiveGame } from '../games/live-game.ts';
import type { Refusal } from '../refusal.ts';
import { FencedOut, type GameRow, type RaceRow } from '../repo/types.ts';
import { Absences } from './absence.ts';
import { endRefusal, IDLE_BEFORE_END_MS, racersAsked } from './host-end.ts';
import { ProgressTicks } from './progress-ticks.ts';
import { RaceClock } from './race-clock.ts';
import type { RaceDeps } from './race-deps.ts';
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

/**
 * One running race and everything it owns: its racers' games (it is their `GameOwner`: their
 * window is its countdown and deadline, and it hears their changes), its countdown and its
 * single deadline timer, its racers' absences and its progress. It belongs to this process
 * alone; everything needed to pick it up again after a restart is in the database.
 */
export class LiveRace implements GameOwner {
  /** Its racers' games' window, data kept up to date: the countdown's end (moved by downtime) to the race's end. */
  readonly window: GameWindow;
  /** Cluster mode: a racer's action is stored only while this process still owns the room. */
  readonly confirm: (() => Promise<void> | undefined) | undefined;
  private readonly clock: RaceClock;
  /** Racers without a socket; one away for the whole grace is counted out (gave up). */
  private readonly absences: Absences;
  private readonly progress: RaceProgress;
  /** When this process began to run the race (server clock). */
  private runSince = 0;
  /**
   * Stopped (its end begun, a shutdown, or the room let go): nothing more is sent or stored from
   * here but what `end` itself does (no progress frame loading games from a closed database).
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
    this.clock = new RaceClock(row, () => room.finishWindow, deps.now, {
      go: () => room.changed(),
      deadline: () => this.detached(this.end()),
    });
    this.window = { opensAt: this.clock.startsAt, closesAt: this.clock.deadline };
    const confirmOwner = deps.confirmOwner;
    this.confirm = confirmOwner && (() => confirmOwner(room.code));
    this.absences = new Absences(deps.now, deps.absentGraceMs, (playerId) => this.countOut(playerId));
    this.progress = new RaceProgress({
      code: room.code,
      raceId: row.id,
      racers: [...games].map(([playerId, gameId]) => ({ playerId, gameId })),
      games: deps.games,
      push: deps.push,
      players: deps.players ?? deps.push,
      room,
      ticks: deps.ticks ?? new ProgressTicks(throttleClock),
      detached: (step) => this.detached(step),
    });
    this.watchers = new RaceWatchers({
      now: deps.now,
      send: (playerId, message) => deps.push.send(playerId, message),
      games: deps.games,
      gameOf: (playerId) => games.get(playerId),
      audience: () => room.audience(),
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

  /** When the first racer solved it, if anyone has. */
  get solvedAt(): number | undefined {
    return this.clock.solvedAt;
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

  /** Runs the race here: it owns its racers' games (`stored`: rows just stored), its clocks start. */
  run(stored: readonly GameRow[] = []): void {
    this.deps.games.hold(this, this.games.values(), stored);
    this.runSince = this.deps.now();
    this.clock.start();
    // Nobody is connected to a race resumed after a restart: their grace starts now.
    for (const playerId of this.games.keys()) {
      if (!this.deps.push.connected(playerId)) this.absences.away(playerId);
    }
    this.detached(this.resume());
  }

  /**
   * A racer's game changed (stored): watchers see it, a finish is shown at once (and may end the
   * race), moves throttled; the ack of the racer's own action carries everyone's progress.
   */
  changed(game: LiveGame, ack: boolean): RaceStanding | Promise<RaceStanding> | undefined {
    if (this.stopped) return ack ? this.progress.forAck(game.row.playerId) : undefined;
    if (this.watchers.watched.has(game.row.playerId)) this.watchers.changed(game);
    if (game.row.status === 'won') this.solved(game.row.finishedAt ?? this.deps.now());
    return this.progress.changed(game, ack, this.endIfDone);
  }

  /**
   * A race loaded again: a solve stored before the restart still closes it on time (the
   * others' window counts from that solve), and a race everyone has finished ends.
   */
  private async resume(): Promise<void> {
    const games = await this.progress.named();
    const solves = games.flatMap(({ game }) =>
      game.row.status === 'won' && game.row.finishedAt !== null ? [game.row.finishedAt] : [],
    );
    if (solves.length > 0) this.solved(Math.min(...solves));
    if (games.every((r) => r.game.row.status !== 'playing')) await this.end();
  }

  /** A racer renamed themselves: the standing names them so, and everyone sees it now. */
  renamed(playerId: string, nickname: string): void {
    this.progress.renamed(playerId, nickname);
    this.showProgress();
  }

  /**
   * Someone solved it at `at`: the first solve starts the others' finish window, whose end
   * everyone sees at once (the room's `endsAt`, the standings provisional until then).
   */
  private solved(at: number): void {
    if (this.stopped || !this.clock.solved(at)) return;
    this.window.closesAt = this.clock.deadline;
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

  /** `watcher` watches `racer`'s board, or stops (`RaceWatchers.ask`). */
  watch(watcher: string, racer: string | null): Promise<Refusal | undefined> {
    return this.watchers.ask(watcher, racer);
  }

  /** Who watches whom (watcher, racer): for the race loaded again in this one's place. */
  watching(): [string, string][] {
    return this.watchers.pairs();
  }

  /** A racer connected or dropped: their grace stops or starts, and the others see it now. */
  presence(playerId: string, here: boolean): void {
    this.progress.presence(playerId, here);
    if (this.stopped) return;
    if (here) this.absences.back(playerId);
    else this.absences.away(playerId);
    this.showProgress();
  }

  /**
   * Why `hostId` may not end the race now (`endRefusal`), or undefined when they may. Nobody
   * counts as idle from before this process ran the race: nobody could play in between.
   */
  async endRefusal(hostId: string): Promise<Refusal | undefined> {
    const since = Math.max(this.window.opensAt, this.runSince);
    const idleMs = this.deps.idleBeforeEndMs ?? IDLE_BEFORE_END_MS;
    const racers = racersAsked(await this.progress.named(), since);
    return endRefusal({ hostId, timed: this.window.closesAt !== null, racers, now: this.deps.now(), idleMs });
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
    const ended = await storeRaceEnd(this.row, await this.progress.named(), races, now(), fence);
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
    this.clock.stop();
    this.progress.stop();
  }

  /** The race leaves this process (over, or its room let go): its games are no longer its here. */
  release(): void {
    this.stop();
    this.deps.games.release(this, this.games.values());
  }

  /** A racer's game left memory: its progress is read again when next needed. */
  forgotten(game: LiveGame): void {
    this.progress.forgotten(game);
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

  /** Everyone has finished, or the deadline has passed (a move beat its timer to it): the race ends. */
  private readonly endIfDone = async (): Promise<void> => {
    const deadline = this.window.closesAt;
    if (deadline !== null && this.deps.now() >= deadline) return this.end();
    const games = await this.progress.named();
    if (games.every((r) => r.game.row.status !== 'playing')) await this.end();
  };
}
