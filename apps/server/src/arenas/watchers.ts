import type { ArenaBoard, ServerMessage } from '@scorpion/protocol';
import type { Clock } from '../clock.ts';
import { DelayedBoards } from '../games/delayed-boards.ts';
import type { LiveGame } from '../games/live-game.ts';
import { wireView } from '../games/wire.ts';

export interface ArenaWatchersDeps {
  readonly arenaId: string;
  readonly now: Clock;
  readonly send: (playerId: string, message: ServerMessage) => void;
  readonly nickname: (playerId: string) => string;
  /** Whether `watcher` may be sent a board of deal `deal` now (`next-deal.ts`'s `maySeeBoard`). */
  readonly maySee: (watcher: string, deal: number) => boolean;
}

/**
 * Who watches whom in one arena, their boards `WATCH_DELAY_MS` behind (`DelayedBoards`). Every
 * send asks `maySee` again, so a player of the arena is never sent a deal they still have to
 * play; they go on watching, and see it once that deal is over.
 */
export class ArenaWatchers extends DelayedBoards<Omit<ArenaBoard, 'asOf' | 'serverTime'>> {
  constructor(d: ArenaWatchersDeps) {
    super({
      now: d.now,
      send: d.send,
      frame: (game) => arenaBoard(d, game),
      maySee: (watcher, frame) => d.maySee(watcher, frame.deal),
      refused: 'wait',
    });
  }
}

/** A player's board now, through `wireView` (the choke point: face-down cards hidden). */
function arenaBoard(d: ArenaWatchersDeps, game: LiveGame): Omit<ArenaBoard, 'asOf' | 'serverTime'> {
  const row = game.row;
  const deal = row.arenaDeal ?? 1;
  return {
    type: 'arena-board',
    arenaId: d.arenaId,
    player: { id: row.playerId, nickname: d.nickname(row.playerId) },
    deal,
    gameId: row.id,
    seq: game.seq,
    view: wireView(game.state),
    progress: row.progress,
    faceDown: row.faceDown,
    moves: row.moves,
    state: row.status,
  };
}
