import type { RaceBoard, ServerMessage } from '@scorpion/protocol';
import type { Clock } from '../clock.ts';
import { DelayedBoards } from '../games/delayed-boards.ts';
import type { LiveGame } from '../games/live-game.ts';
import type { GameService } from '../games/service.ts';
import { wireView } from '../games/wire.ts';
import { type Refusal, refuse } from '../refusal.ts';

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
 * Who watches which racer in one race, their boards `WATCH_DELAY_MS` behind (`DelayedBoards`).
 * Every racer has the same cards, so a card face up on one racer's board is the same card in the
 * same place for the others: a racer still playing never gets a board at all, however old, and
 * one who may no longer watch (gone from the room) stops watching.
 */
export class RaceWatchers extends DelayedBoards<Omit<RaceBoard, 'asOf' | 'serverTime'>> {
  private readonly race: WatchersDeps;

  constructor(d: WatchersDeps) {
    super({
      now: d.now,
      send: d.send,
      frame: (game) => raceBoard(d, game),
      maySee: (watcher) => mayWatch(d, watcher),
      refused: 'unwatch',
    });
    this.race = d;
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
    const { games, gameOf } = this.race;
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
}

/** Whether `playerId` may see a racer's board now: a member not racing, or whose game is over. */
function mayWatch(d: WatchersDeps, playerId: string): boolean {
  if (!new Set(d.audience()).has(playerId)) return false;
  const own = d.gameOf(playerId);
  if (own === undefined) return true;
  // Not in memory is not known to be over: no board until it is.
  const status = d.games.cached(own)?.row.status;
  return status !== undefined && status !== 'playing';
}

/** A racer's board now, through `wireView` (the choke point: face-down cards hidden). */
function raceBoard(d: WatchersDeps, game: LiveGame): Omit<RaceBoard, 'asOf' | 'serverTime'> {
  const row = game.row;
  return {
    type: 'race-board',
    code: d.race.code,
    raceId: d.race.raceId,
    playerId: row.playerId,
    nickname: d.nickname(row.playerId),
    gameId: row.id,
    seq: game.seq,
    view: wireView(game.state),
    progress: row.progress,
    faceDown: row.faceDown,
    moves: row.moves,
    state: row.status,
  };
}
