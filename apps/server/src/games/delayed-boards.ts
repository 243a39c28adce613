import type { RaceBoard } from '@scorpion/protocol';
import type { Clock } from '../clock.ts';
import { gate } from '../secrecy.ts';
import type { LiveGame } from './live-game.ts';

/**
 * How far behind a watcher sees a player's board, in a race or an arena. Five seconds is two or
 * three moves of a player in full flow: a watcher (a friend on the same call, a racer who gave
 * up) cannot play the next move for them, yet the board still feels live. What it cannot hide is
 * the deal: everyone has the same cards, so whoever still has that deal to play never gets a
 * board of it, however old (each owner's `maySee`).
 */
export const WATCH_DELAY_MS = 5000;

/**
 * How often (wall time) the watched boards are looked at: a board is sent once it is
 * `WATCH_DELAY_MS` old on the server's clock, which a test may move at will.
 */
export const WATCH_CHECK_MS = 250;

/** When a board goes out: when its position was taken, and the server's time of sending. */
export interface Stamp {
  readonly asOf: number;
  readonly serverTime: number;
}

/** What every watched board shows of the position (`watched-board.ts`), after whose it is. */
export type WatchedPosition = Pick<RaceBoard, 'gameId' | 'seq' | 'view' | 'progress' | 'faceDown' | 'moves' | 'state'>;

/** A player's position now, through `gate.position`: the one road a position takes to the wire, face-down cards hidden. */
export function watchedPosition(game: LiveGame): WatchedPosition {
  const row = game.row;
  return {
    gameId: row.id,
    seq: game.seq,
    view: gate.position(game.state),
    progress: row.progress,
    faceDown: row.faceDown,
    moves: row.moves,
    state: row.status,
  };
}

/** One position of a watched player, as it will be shown `WATCH_DELAY_MS` later. */
interface Moment<F> {
  readonly at: number;
  readonly frame: F;
}

export interface DelayedBoardsDeps<F> {
  readonly now: Clock;
  readonly send: (watcher: string, board: F & Stamp) => void;
  /** A player's board now, its position by `watchedPosition`. */
  readonly frame: (game: LiveGame) => F;
  /** Whether `watcher` may be sent `frame` now; asked again at every send. */
  readonly maySee: (watcher: string, frame: F) => boolean;
  /**
   * What a refusal means: `wait`, not yet (an arena's player who still has that deal to play sees
   * it once it is over); `unwatch`, no longer (a race's member who left the room).
   */
  readonly refused: 'wait' | 'unwatch';
}

/**
 * Who watches whom in one race or arena, and the watched players' positions over the last
 * `WATCH_DELAY_MS`. A position is taken only for a player someone watches, so a game nobody
 * watches costs nothing; a board goes out once it is the delay old, and only if `maySee` lets it.
 */
export class DelayedBoards<F> {
  /** watcher → the player they watch */
  private readonly watching = new Map<string, string>();
  /** player → their positions, oldest first, back to the last one old enough to be shown */
  private readonly moments = new Map<string, Moment<F>[]>();
  /**
   * The players someone watches (`moments`' keys): read by an owner before it calls `changed`,
   * as data, so that a move nobody watches (nearly every move) makes no call here.
   */
  readonly watched: Pick<ReadonlyMap<string, unknown>, 'has'> = this.moments;
  /** watcher → the position they were last sent */
  private readonly sent = new Map<string, Moment<F>>();
  private timer: NodeJS.Timeout | undefined;
  private readonly d: DelayedBoardsDeps<F>;

  constructor(d: DelayedBoardsDeps<F>) {
    this.d = d;
  }

  /** `watcher` watches `target`, whose game now is `game`; their board follows in `WATCH_DELAY_MS`. */
  watch(watcher: string, target: string, game: LiveGame): void {
    this.unwatch(watcher);
    this.watching.set(watcher, target);
    if (!this.moments.has(target)) this.moments.set(target, [this.moment(game)]);
    this.timer ??= this.schedule();
  }

  unwatch(watcher: string): void {
    const target = this.watching.get(watcher);
    this.watching.delete(watcher);
    this.sent.delete(watcher);
    if (target !== undefined && ![...this.watching.values()].includes(target)) this.moments.delete(target);
  }

  /** Who watches whom, as (watcher, player). */
  pairs(): [string, string][] {
    return [...this.watching];
  }

  /** A game changed: its position is kept if someone watches its player (`watched`). */
  changed(game: LiveGame): void {
    this.moments.get(game.row.playerId)?.push(this.moment(game));
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.watching.clear();
    this.moments.clear();
    this.sent.clear();
  }

  /** Sends each watcher the newest position of their player that is at least the delay old. */
  tick(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.watching.size === 0) return;
    const now = this.d.now();
    const shown = new Map<string, Moment<F>>();
    for (const [target, list] of this.moments) {
      // The newest position at least the delay old; older ones are no longer needed.
      let i = -1;
      while (i + 1 < list.length && list[i + 1]!.at <= now - WATCH_DELAY_MS) i++;
      if (i < 0) continue;
      list.splice(0, i);
      shown.set(target, list[0]!);
    }
    for (const [watcher, target] of this.watching) {
      const moment = shown.get(target);
      if (!moment || this.sent.get(watcher) === moment) continue;
      if (!this.d.maySee(watcher, moment.frame)) {
        if (this.d.refused === 'unwatch') this.unwatch(watcher);
        continue;
      }
      this.sent.set(watcher, moment);
      this.d.send(watcher, { ...moment.frame, asOf: moment.at, serverTime: now });
    }
    this.timer = this.schedule();
  }

  private schedule(): NodeJS.Timeout {
    const timer = setTimeout(() => this.tick(), WATCH_CHECK_MS);
    timer.unref();
    return timer;
  }

  private moment(game: LiveGame): Moment<F> {
    return { at: this.d.now(), frame: this.d.frame(game) };
  }
}
