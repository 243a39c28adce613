import type { ArenaBoard, ServerMessage } from '@scorpion/protocol';
import type { Clock } from '../clock.ts';
import type { LiveGame } from '../games/live-game.ts';
import { wireView } from '../games/wire.ts';
import { WATCH_CHECK_MS, WATCH_DELAY_MS } from '../races/watchers.ts';

/** One position of a watched player, as it will be shown `WATCH_DELAY_MS` later. */
interface Moment {
  readonly at: number;
  readonly deal: number;
  readonly frame: Omit<ArenaBoard, 'asOf' | 'serverTime'>;
}

export interface ArenaWatchersDeps {
  readonly arenaId: string;
  readonly now: Clock;
  readonly send: (playerId: string, message: ServerMessage) => void;
  readonly nickname: (playerId: string) => string;
  /** Whether `watcher` may be sent a board of deal `deal` now (`next-deal.ts`'s `maySeeBoard`). */
  readonly maySee: (watcher: string, deal: number) => boolean;
}

/**
 * Who watches whom in one arena, and the watched players' positions over the last
 * `WATCH_DELAY_MS` (the race's delay): a board goes out once it is that old, built through
 * `wireView` (the one road a position takes to the wire, face-down cards hidden). Every send asks
 * `maySee` again, so a player of the arena is never sent a deal they still have to play.
 */
export class ArenaWatchers {
  private readonly watching = new Map<string, string>();
  private readonly moments = new Map<string, Moment[]>();
  private readonly sent = new Map<string, Moment>();
  private timer: NodeJS.Timeout | undefined;
  private readonly d: ArenaWatchersDeps;

  constructor(d: ArenaWatchersDeps) {
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

  /** A game of the arena changed: kept if someone watches its player. */
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

  /** Sends each watcher the newest position of their player that is at least the delay old. */
  tick(): void {
    this.timer = undefined;
    if (this.watching.size === 0) return;
    const now = this.d.now();
    const shown = new Map<string, Moment>();
    for (const [target, list] of this.moments) {
      let i = -1;
      while (i + 1 < list.length && list[i + 1]!.at <= now - WATCH_DELAY_MS) i++;
      if (i < 0) continue;
      list.splice(0, i);
      shown.set(target, list[0]!);
    }
    for (const [watcher, target] of this.watching) {
      const moment = shown.get(target);
      if (!moment || this.sent.get(watcher) === moment) continue;
      if (!this.d.maySee(watcher, moment.deal)) continue;
      this.sent.set(watcher, moment);
      this.d.send(watcher, { ...moment.frame, asOf: moment.at, serverTime: now });
    }
    this.timer = this.schedule();
  }

  private moment(game: LiveGame): Moment {
    const row = game.row;
    const deal = row.arenaDeal ?? 1;
    return {
      at: this.d.now(),
      deal,
      frame: {
        type: 'arena-board',
        arenaId: this.d.arenaId,
        player: { id: row.playerId, nickname: this.d.nickname(row.playerId) },
        deal,
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
