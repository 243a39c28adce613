import type { RaceBoard, ServerMessage } from '@scorpion/protocol';
import type { Clock } from '../clock.ts';
import type { LiveGame } from '../games/live-game.ts';
import type { GameService } from '../games/service.ts';
import { wireView } from '../games/wire.ts';
import { type Refusal, refuse } from '../refusal.ts';

/**
 * How far behind the race a watcher sees a racer's board. Five seconds is two or three moves
 * of a racer in full flow: a watcher (a friend on the same call, a racer who gave up) cannot
 * play a racer's next move for them, yet the board still feels live. What it cannot hide is
 * the deal: every racer has the same cards, so a card face up on one racer's board is the same
 * card in the same place for the others. That is why a racer still playing never gets a board
 * at all, however old: only members whose own game in the race is over, or who never had one.
 */
export const WATCH_DELAY_MS = 5000;

/**
 * How often (wall time) the watched boards are looked at: a board is sent once it is
 * `WATCH_DELAY_MS` old on the server's clock, which a test may move at will.
 */
export const WATCH_CHECK_MS = 250;

/** One position of a watched racer, as it will be shown `WATCH_DELAY_MS` later. */
interface Moment {
  readonly at: number;
  readonly frame: Omit<RaceBoard, 'asOf' | 'serverTime'>;
}

export interface WatchersDeps {
  readonly now: Clock;
  readonly send: (playerId: string, message: ServerMessage) => void;
  readonly games: Pick<GameService, 'cached' | 'load'>;
  /** The game of a racer of the race. */
  readonly gameOf: (playerId: string) => string | undefined;
  /** Everyone in the room and every racer: who may watch. */
  readonly audience: () => Iterable<string>;
  readonly nickname: (playerId: string) => string;
  readonly race: { readonly code: string; readonly raceId: string };
}

/**
 * Who watches which racer in one race, and the positions of the watched racers over the last
 * `WATCH_DELAY_MS`. A position is taken (through `wireView`, the choke point) only for a
 * racer someone watches, so a race nobody watches costs nothing. Every send asks `mayWatch`
 * again: a board never reaches a racer still playing.
 */
export class RaceWatchers {
  /** watcher → the racer they watch */
  private readonly watching = new Map<string, string>();
  /** racer → their positions, oldest first, back to the last one old enough to be shown */
  private readonly moments = new Map<string, Moment[]>();
  /** watcher → the position they were last sent */
  private readonly sent = new Map<string, Moment>();
  private timer: NodeJS.Timeout | undefined;
  private readonly d: WatchersDeps;

  constructor(d: WatchersDeps) {
    this.d = d;
  }

  /**
   * `watcher` (a member of the room) watches `racer`'s board from now on, `WATCH_DELAY_MS`
   * behind, or stops watching (`racer` null). Refused to a racer whose own game is still going.
   */
  async ask(watcher: string, racer: string | null): Promise<Refusal | undefined> {
    if (racer === null) {
      this.unwatch(watcher);
      return undefined;
    }
    const { games, gameOf } = this.d;
    const own = gameOf(watcher);
    if (own !== undefined && (await games.load(own))?.row.status === 'playing') {
      return refuse('still-racing', "You see the others' boards once your own game is over.");
    }
    const gameId = gameOf(racer);
    const game = gameId === undefined ? undefined : await games.load(gameId);
    if (!game || racer === watcher) return refuse('not-racing', 'That player is not racing in this race.');
    this.watch(watcher, racer, game);
    return undefined;
  }

  /** Whether `playerId` may see a racer's board now: a member not racing, or whose game is over. */
  private mayWatch(playerId: string): boolean {
    if (!new Set(this.d.audience()).has(playerId)) return false;
    const own = this.d.gameOf(playerId);
    if (own === undefined) return true;
    // Not in memory is not known to be over: no board until it is.
    const status = this.d.games.cached(own)?.row.status;
    return status !== undefined && status !== 'playing';
  }

  /** `watcher` watches `racer` (whose game is `game`) from now on; their board follows in `WATCH_DELAY_MS`. */
  watch(watcher: string, racer: string, game: LiveGame): void {
    this.unwatch(watcher);
    this.watching.set(watcher, racer);
    if (!this.moments.has(racer)) this.moments.set(racer, [this.moment(game)]);
    this.timer ??= this.schedule();
  }

  unwatch(watcher: string): void {
    const racer = this.watching.get(watcher);
    this.watching.delete(watcher);
    this.sent.delete(watcher);
    if (racer !== undefined && ![...this.watching.values()].includes(racer)) this.moments.delete(racer);
  }

  /** Who watches whom, as (watcher, racer). */
  pairs(): [string, string][] {
    return [...this.watching];
  }

  /** A racer's game changed: kept if someone watches them. */
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

  private schedule(): NodeJS.Timeout {
    const timer = setTimeout(() => this.tick(), WATCH_CHECK_MS);
    timer.unref();
    return timer;
  }

  private tick(): void {
    this.timer = undefined;
    if (this.watching.size === 0) return;
    const now = this.d.now();
    const shown = new Map<string, Moment>();
    for (const [racer, list] of this.moments) {
      // The newest position at least the delay old; older ones are no longer needed.
      let i = -1;
      while (i + 1 < list.length && list[i + 1]!.at <= now - WATCH_DELAY_MS) i++;
      if (i < 0) continue;
      list.splice(0, i);
      shown.set(racer, list[0]!);
    }
    for (const [watcher, racer] of this.watching) {
      const moment = shown.get(racer);
      if (!moment || this.sent.get(watcher) === moment) continue;
      if (!this.mayWatch(watcher)) {
        this.unwatch(watcher);
        continue;
      }
      this.sent.set(watcher, moment);
      this.d.send(watcher, { ...moment.frame, asOf: moment.at, serverTime: now });
    }
    this.timer = this.schedule();
  }

  private moment(game: LiveGame): Moment {
    const row = game.row;
    return {
      at: this.d.now(),
      frame: {
        type: 'race-board',
        code: this.d.race.code,
        raceId: this.d.race.raceId,
        playerId: row.playerId,
        nickname: this.d.nickname(row.playerId),
        gameId: row.id,
        seq: game.seq,
        view: wireView(game.state),
        progress: row.progress,
        faceDown: row.faceDown,
        moves: row.moves,
        state: row.status,
      },
    };
  }
}
