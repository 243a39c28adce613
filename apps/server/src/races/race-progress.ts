import type { RacerProgress, RaceStanding, ServerMessage } from '@scorpion/protocol';
import type { LiveGame } from '../games/live-game.ts';
import type { GameService } from '../games/service.ts';
import type { Push } from '../realtime/ports.ts';
import type { ProgressTicks, Ticked } from './progress-ticks.ts';

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

export interface RaceProgressDeps {
  readonly code: string;
  readonly raceId: string;
  /** Every racer and their game, in the order the standing lists them. */
  readonly racers: readonly { readonly playerId: string; readonly gameId: string }[];
  readonly games: Pick<GameService, 'cached' | 'load'>;
  readonly push: Push;
  /** Whether a racer has a socket as the race starts: the players' push, racers being never visitors. */
  readonly players: Pick<Push, 'connected'>;
  /**
   * The room: each racer's name as the race starts; `audience`, everyone in the room and every
   * racer, who are shown the progress.
   */
  readonly room: { nickname(playerId: string): string; audience(): Iterable<string> };
  readonly ticks: ProgressTicks;
  /** Runs a frame's sending, which nobody awaits (the race handles its failure). */
  readonly detached: (step: Promise<unknown>) => void;
}

/**
 * A race's standing (everyone's progress) and who has seen it: built by one function
 * (`standingOf`) for a racer's ack and for the `race-progress` frame alike. A racer's ack
 * carries it, so a racer who keeps moving needs no frame: those were half of this server's
 * socket writes under load. The frame is throttled to `PROGRESS_MS` per room.
 */
export class RaceProgress implements Ticked {
  /** How many times anyone's progress changed: who has seen the latest needs no frame. */
  private changes = 0;
  /**
   * For each player who had everyone's progress: as of which change, and until when
   * (`throttleClock`) they need no frame. An entry is changed in place (`see`): a new one per
   * ack reached the old generation.
   */
  private readonly seen = new Map<string, { change: number; until: number }>();
  /**
   * Each racer's game, by the racers' order, as its last change (or a read) brought it: the ack
   * of a racer's action reads the others' progress here, not from the game cache. A copy that
   * leaves memory (`forgotten`) is read again from the cache when next needed.
   */
  private readonly kept: (LiveGame | undefined)[];
  /** A racer's place in `racers`. */
  private readonly place = new Map<string, number>();
  /**
   * Each racer's name and whether they have a socket, by the racers' order: read as the race
   * starts, then told of each change (`renamed`, `presence`, which the race hears anyway for the
   * absences), so that an ack's standing asks neither the room nor the sockets racer by racer.
   */
  private readonly nicknames: string[];
  private readonly connected: boolean[];
  /** When the frame's tick is due (`ProgressTicks` sets it), or undefined. */
  tickDue: number | undefined = undefined;
  /** Set once the race's end has begun: no ack carries a standing, no tick sends one. */
  private ending = false;
  private readonly d: RaceProgressDeps;

  constructor(d: RaceProgressDeps) {
    this.d = d;
    this.kept = new Array(d.racers.length);
    this.nicknames = d.racers.map((r) => d.room.nickname(r.playerId));
    this.connected = d.racers.map((r) => d.players.connected(r.playerId));
    for (const [i, { playerId }] of d.racers.entries()) this.place.set(playerId, i);
  }

  /** A racer renamed themselves: the standing names them so from now on. */
  renamed(playerId: string, nickname: string): void {
    const i = this.place.get(playerId);
    if (i !== undefined) this.nicknames[i] = nickname;
  }

  /** Whether a racer has a socket now (`here`), told on each change of their presence. */
  presence(playerId: string, here: boolean): void {
    const i = this.place.get(playerId);
    if (i !== undefined) this.connected[i] = here;
  }

  /**
   * A racer's game changed: a finish is shown to everyone at once (then `shown` runs), a move at
   * the next tick. `ack`: the change is the racer's own action, whose ack carries the standing.
   */
  changed(game: LiveGame, ack: boolean, shown: () => Promise<void>): RaceStanding | Promise<RaceStanding> | undefined {
    const i = this.place.get(game.row.playerId);
    if (i !== undefined) this.kept[i] = game;
    this.changes++;
    if (game.row.status !== 'playing') {
      this.d.ticks.cancel(this);
      this.d.detached(this.send(this.d.room.audience()).then(shown));
    } else if (this.tickDue === undefined) this.d.ticks.schedule(this, throttleClock() + PROGRESS_MS);
    return ack ? this.forAck(game.row.playerId) : undefined;
  }

  /**
   * Everyone's progress for the ack of `playerId`'s own action, while the race runs: it stands
   * for a `race-progress` frame to them for the next `ACK_COVERS_MS`. At once when every
   * racer's game is in memory, as while they play: a promise per ack was garbage on the move path.
   */
  forAck(playerId: string): RaceStanding | Promise<RaceStanding> | undefined {
    if (this.ending) return undefined;
    const change = this.changes;
    const games = this.racerGames();
    if (games instanceof Promise) return games.then((loaded) => this.seenBy(playerId, change, loaded));
    return this.seenBy(playerId, change, games);
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
    for (const playerId of this.d.room.audience()) {
      const seen = this.seen.get(playerId);
      if (seen?.change === this.changes) continue;
      if (seen === undefined || now >= seen.until) due.push(playerId);
      else next = Math.min(next, seen.until);
    }
    if (due.length > 0) this.d.detached(this.send(due));
    if (next < Number.POSITIVE_INFINITY) this.d.ticks.schedule(this, next);
  }

  /** Everyone's progress, the frame the panel shows, to `to` at once. */
  async send(to: Iterable<string>): Promise<void> {
    const change = this.changes;
    const frame: ServerMessage = { type: 'race-progress', ...this.standingOf(await this.racerGames()) };
    const until = throttleClock() + PROGRESS_MS;
    for (const playerId of to) {
      this.d.push.send(playerId, frame);
      this.see(playerId, change, until);
    }
  }

  /**
   * Every racer's game, by the racers' order (undefined for one gone from the database): at once
   * from memory when all are there, else loaded.
   */
  racerGames(): (LiveGame | undefined)[] | Promise<(LiveGame | undefined)[]> {
    const { racers, games } = this.d;
    const kept = this.kept;
    // By index over a list made once: a map's entries make an array per racer per ack.
    for (let i = 0; i < racers.length; i++) {
      if (kept[i]) continue;
      const game = games.cached(racers[i]!.gameId);
      if (!game) return this.loadRacerGames();
      kept[i] = game;
    }
    return kept;
  }

  /** A racer's game left memory: it is read from the cache again when next needed. */
  forgotten(game: LiveGame): void {
    const i = this.place.get(game.row.playerId);
    if (i !== undefined && this.kept[i] === game) this.kept[i] = undefined;
  }

  /** Every racer still in the database, with their name and game. */
  async named(): Promise<{ playerId: string; nickname: string; game: LiveGame }[]> {
    const games = await this.racerGames();
    const list = [];
    for (let i = 0; i < games.length; i++) {
      const game = games[i];
      if (game) list.push({ playerId: this.d.racers[i]!.playerId, nickname: this.nicknames[i]!, game });
    }
    return list;
  }

  /** No tick is due any more (the race stopped). */
  stop(): void {
    this.d.ticks.cancel(this);
  }

  /** The race's end has begun: no ack carries a standing any more, and no tick is due. */
  end(): void {
    this.ending = true;
    this.stop();
  }

  private async loadRacerGames(): Promise<(LiveGame | undefined)[]> {
    const { racers, games } = this.d;
    for (let i = 0; i < racers.length; i++) this.kept[i] ??= await games.load(racers[i]!.gameId);
    return this.kept;
  }

  private seenBy(playerId: string, change: number, games: readonly (LiveGame | undefined)[]): RaceStanding {
    this.see(playerId, change, throttleClock() + ACK_COVERS_MS);
    return this.standingOf(games);
  }

  /** The standing: the one place it is built. */
  private standingOf(games: readonly (LiveGame | undefined)[]): RaceStanding {
    const racers: RacerProgress[] = [];
    for (let i = 0; i < games.length; i++) {
      const game = games[i];
      if (game) racers.push(this.progressOf(i, game));
    }
    return { code: this.d.code, raceId: this.d.raceId, racers };
  }

  private progressOf(i: number, game: LiveGame): RacerProgress {
    const row = game.row;
    return {
      playerId: this.d.racers[i]!.playerId,
      nickname: this.nicknames[i]!,
      progress: row.progress,
      faceDown: row.faceDown,
      moves: row.moves,
      state: row.status,
      timeMs: row.timeMs,
      connected: this.connected[i]!,
    };
  }

  private see(playerId: string, change: number, until: number): void {
    const seen = this.seen.get(playerId);
    if (seen) {
      seen.change = change;
      seen.until = until;
    } else this.seen.set(playerId, { change, until });
  }
}
