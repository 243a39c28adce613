import type { ArenaOver, ArenaStandings, ServerMessage } from '@scorpion/protocol';
import type { Clock } from '../clock.ts';
import type { GameOwner, LiveGame } from '../games/live-game.ts';
import type { ArenaResultRow, ArenaRow, GameRow } from '../repo/types.ts';
import { resultOf, resultRowOf, statusAt } from './arena-row.ts';
import { maySeeBoard, NOT_YET_DEALT, type Position } from './next-deal.ts';
import { OrderedTable } from './ordered-table.ts';
import { type Sheet, type Standing, sheet, tableKey } from './scoring.ts';
import { StandingsPush } from './standings-push.ts';
import { TableView } from './table-view.ts';
import { ArenaWatchers } from './watchers.ts';

export interface LiveArenaDeps {
  readonly now: Clock;
  /** To this process's sockets of the player only: every process pushes to its own players. */
  readonly send: (playerId: string, message: ServerMessage) => void;
  /** The same, for a frame already serialized (the standings' pushes, built once for everyone). */
  readonly sendFrame: (playerId: string, frame: string) => void;
  readonly connected: (playerId: string) => boolean;
  /**
   * A player joined here or one of their games was stored here (dealt, ended): in a cluster the
   * other processes learn of it from the shared table (`shared-table.ts`). Not called for what
   * was read from storage or from the shared table.
   */
  readonly stored?: (playerId: string) => void;
}

/**
 * One arena in this process's memory: its players and their games' results as stored, the
 * table made from them (`scoring.ts`, nothing else), who here hears the standings (pushed as
 * `StandingsPush` paces them), and its watchers.
 */
export class LiveArena {
  readonly row: ArenaRow;
  private readonly d: LiveArenaDeps;
  private readonly names = new Map<string, string>();
  /** player → deal → the game of it, as last stored */
  private readonly games = new Map<string, Map<number, ArenaResultRow>>();
  private readonly sheets = new Map<string, Sheet>();
  /** The players in the table's order, and those whose place may have moved since it was last read. */
  private readonly order = new OrderedTable();
  private readonly moved = new Set<string>();
  private readonly owners = new Map<string, GameOwner>();
  /** Who here hears the standings, and when they are pushed. */
  private readonly pushes: StandingsPush;
  private view: TableView | undefined;
  /** The status the last standings showed, so that a start or an end is a change. */
  private shownStatus: string;
  readonly watchers: ArenaWatchers;

  constructor(row: ArenaRow, d: LiveArenaDeps) {
    this.row = row;
    this.d = d;
    this.shownStatus = statusAt(row, d.now());
    this.watchers = new ArenaWatchers({
      arenaId: row.id,
      now: d.now,
      send: d.send,
      nickname: (id) => this.names.get(id) ?? '',
      maySee: (watcher, deal) => this.maySee(watcher, deal),
    });
    this.pushes = new StandingsPush({
      now: d.now,
      connected: d.connected,
      sendFrame: d.sendFrame,
      standings: () => this.standingsFor(null),
      rowOf: (playerId) => this.table().rowOf(playerId),
      gone: (playerId) => this.unsubscribe(playerId),
    });
  }

  /** Takes what storage holds: every player and every game (a rebuild after a restart, or a refresh). */
  load(players: readonly { playerId: string; name: string }[], results: readonly ArenaResultRow[]): boolean {
    let changed = false;
    for (const p of players) {
      if (!this.names.has(p.playerId)) {
        this.names.set(p.playerId, p.name);
        this.moved.add(p.playerId);
        changed = true;
      }
    }
    for (const r of results) changed = this.record(r, false) || changed;
    if (changed) this.changed();
    return changed;
  }

  has(playerId: string): boolean {
    return this.names.has(playerId);
  }

  addPlayer(playerId: string, name: string): void {
    if (this.names.has(playerId)) return;
    this.names.set(playerId, name);
    this.moved.add(playerId);
    this.d.stored?.(playerId);
    this.changed();
  }

  nickname(playerId: string): string | undefined {
    return this.names.get(playerId);
  }

  /** The player's last deal, for `decideNext`. */
  position(playerId: string): Position {
    const last = this.lastGame(playerId);
    if (!last) return NOT_YET_DEALT;
    return { deal: last.arenaDeal ?? 0, over: last.status !== 'playing', berserk: last.berserk };
  }

  lastGame(playerId: string): ArenaResultRow | undefined {
    const deals = this.games.get(playerId);
    if (!deals || deals.size === 0) return undefined;
    return deals.get(Math.max(...deals.keys()));
  }

  /** Every game still in play, for the clock's sweep. */
  *inPlay(): Iterable<ArenaResultRow> {
    for (const deals of this.games.values()) for (const g of deals.values()) if (g.status === 'playing') yield g;
  }

  /**
   * A game of the arena as stored now (dealt, or ended); true when the table changed. A game
   * that has ended stays so: a copy read before it ended (a cache, a slower process) is older.
   * `push` false: it was read (from storage or the shared table), not stored here.
   */
  record(game: ArenaResultRow, push = true): boolean {
    const deal = game.arenaDeal;
    if (deal === null || !this.names.has(game.playerId)) return false;
    let deals = this.games.get(game.playerId);
    if (!deals) {
      deals = new Map();
      this.games.set(game.playerId, deals);
    }
    const before = deals.get(deal);
    if (before && (before.status === game.status || before.status !== 'playing')) return false;
    deals.set(deal, game);
    this.sheets.delete(game.playerId);
    this.moved.add(game.playerId);
    if (push) {
      this.d.stored?.(game.playerId);
      this.changed();
    }
    return true;
  }

  /** The owner of one of the arena's games here: its window is the deal's, and its changes are heard. */
  ownerOf(row: GameRow): GameOwner {
    let owner = this.owners.get(row.id);
    if (!owner) {
      owner = this.newOwner(row);
      this.owners.set(row.id, owner);
    }
    return owner;
  }

  /** The game's owner here, let go of (to run the game again as stored), for the game service to release. */
  disown(gameId: string): GameOwner | undefined {
    const owner = this.owners.get(gameId);
    this.owners.delete(gameId);
    return owner;
  }

  /** A deal in play whose limit moved (taken over from a dead process, credited): timed by the new one. */
  relimit(game: ArenaResultRow): void {
    const deals = this.games.get(game.playerId);
    const before = game.arenaDeal === null ? undefined : deals?.get(game.arenaDeal);
    if (deals && before?.status === 'playing' && game.status === 'playing') deals.set(game.arenaDeal!, game);
  }

  owns(gameId: string): boolean {
    return this.owners.has(gameId);
  }

  /** The games this arena runs here, with their owners, for the game service to let go of. */
  held(): [string, GameOwner][] {
    return [...this.owners];
  }

  private newOwner(row: GameRow): GameOwner {
    return {
      window: { opensAt: row.startedAt, closesAt: row.closesAt },
      changed: (game: LiveGame) => {
        if (this.watchers.watched.has(game.row.playerId)) this.watchers.changed(game);
        if (game.row.status !== 'playing') this.record(resultRowOf(game.row));
        return undefined;
      },
      forgotten: () => {},
    };
  }

  table(): TableView {
    this.view ??= new TableView(this.standings(), statusAt(this.row, this.d.now()) === 'running');
    return this.view;
  }

  /** The table as `scoring.ts`'s `standings` orders it, from the order kept here: only the players who moved are placed again. */
  standings(): Standing[] {
    for (const playerId of this.moved) this.order.set(playerId, tableKey(this.sheetOf(playerId)));
    this.moved.clear();
    return [...this.order.ranked()].map(({ id, rank }) => ({
      playerId: id,
      name: this.names.get(id) ?? '',
      sheet: this.sheetOf(id),
      rank,
    }));
  }

  sheetOf(playerId: string): Sheet {
    let s = this.sheets.get(playerId);
    if (!s) {
      const deals = [...(this.games.get(playerId)?.values() ?? [])]
        .map((g) => resultOf(g, this.row))
        .sort((a, b) => a.deal - b.deal);
      s = sheet(deals);
      this.sheets.set(playerId, s);
    }
    return s;
  }

  subscribe(playerId: string): void {
    this.pushes.subscribe(playerId);
  }

  unsubscribe(playerId: string): void {
    this.pushes.unsubscribe(playerId);
    this.watchers.unwatch(playerId);
  }

  standingsFor(playerId: string | null): ArenaStandings {
    const view = this.table();
    const now = this.d.now();
    return {
      type: 'arena-standings',
      arenaId: this.row.id,
      status: statusAt(this.row, now),
      startsAt: this.row.startsAt,
      endsAt: this.row.endsAt,
      players: view.players,
      top: [...view.top],
      me: view.rowOf(playerId),
      serverTime: now,
    };
  }

  /** The standings answered to the player's own request (a join, a watch): they count as a push to them. */
  answer(playerId: string): ArenaStandings {
    this.pushes.answered(playerId);
    return this.standingsFor(playerId);
  }

  overFor(playerId: string): ArenaOver {
    const view = this.table();
    return {
      type: 'arena-over',
      arenaId: this.row.id,
      players: view.players,
      podium: view.podium(),
      me: view.rowOf(playerId),
    };
  }

  /** Called by the clock's sweep: the arena's start (or end) shows in the standings. */
  statusTick(): void {
    const status = statusAt(this.row, this.d.now());
    if (status !== this.shownStatus) {
      this.shownStatus = status;
      this.changed();
    }
  }

  /** The table changed: pushed now, or at the end of the second. */
  changed(): void {
    this.view = undefined;
    this.pushes.changed();
  }

  /** The final table to everyone here who follows the arena, then nothing more. */
  finish(): void {
    this.pushes.end();
    this.view = undefined;
    for (const playerId of this.pushes.followers) {
      if (!this.d.connected(playerId)) continue;
      this.d.send(playerId, this.standingsFor(playerId));
      this.d.send(playerId, this.overFor(playerId));
    }
    this.stop();
  }

  stop(): void {
    this.pushes.stop();
    this.watchers.stop();
  }

  private maySee(watcher: string, deal: number): boolean {
    return maySeeBoard(this.names.has(watcher) ? this.position(watcher) : null, deal);
  }
}
