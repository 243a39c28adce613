import type { ArenaOver, ArenaStandings, ServerMessage } from '@scorpion/protocol';
import type { Clock } from '../clock.ts';
import type { GameOwner, LiveGame } from '../games/live-game.ts';
import type { ArenaResultRow, ArenaRow, GameRow } from '../repo/types.ts';
import { resultOf, statusAt } from './arena-row.ts';
import { maySeeBoard, NOT_YET_DEALT, type Position } from './next-deal.ts';
import { OrderedTable } from './ordered-table.ts';
import { Pacer, PUSH_INTERVAL_MS } from './pacer.ts';
import { type Sheet, type Standing, sheet, tableKey } from './scoring.ts';
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

/** The part of a game row the table reads (`ArenaResultRow`), taken from a live game's row. */
export function resultRowOf(row: GameRow): ArenaResultRow {
  const { id, playerId, arenaDeal, status, berserk, startedAt, pausedMs, finishedAt, timeMs, closesAt } = row;
  return { id, playerId, arenaDeal, status, berserk, startedAt, pausedMs, finishedAt, timeMs, closesAt };
}

/**
 * One arena in this process's memory: its players and their games' results as stored, the
 * table made from them (`scoring.ts`, nothing else), who here hears the standings, and its
 * watchers. Standings go out at most once a second, and only after a change (`Pacer`), and
 * never twice within a second to one player.
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
  private readonly subscribers = new Set<string>();
  private readonly owners = new Map<string, GameOwner>();
  private readonly pacer = new Pacer();
  private pushTimer: NodeJS.Timeout | undefined;
  /**
   * Per player following the arena: the table's `version` they were last sent, and when. The
   * pacer spaces the arena's pushes a second apart; an answer (`answer`, to a join or a watch)
   * comes between them, so a push skips a player sent a table less than a second before and the
   * next push brings it: no socket gets two tables within a second, however the two were sent.
   */
  private version = 0;
  private readonly seen = new Map<string, { version: number; at: number }>();
  private view: TableView | undefined;
  /** The status the last standings showed, so that a start or an end is a change. */
  private shownStatus: string;
  ended = false;
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
        this.watchers.changed(game);
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
    this.subscribers.add(playerId);
  }

  unsubscribe(playerId: string): void {
    this.subscribers.delete(playerId);
    this.seen.delete(playerId);
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
    this.seen.set(playerId, { version: this.version, at: this.d.now() });
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
    this.version++;
    this.schedule();
  }

  private schedule(): void {
    if (this.ended) return;
    const wait = this.pacer.changed(this.d.now());
    if (wait === null) return;
    this.pushTimer = setTimeout(() => this.push(), wait);
    this.pushTimer.unref();
  }

  /**
   * Everyone here who follows the arena gets the table. The part the same for all is serialized
   * once, and only each player's own row apart: a push to a thousand players is one table.
   */
  private push(): void {
    this.pushTimer = undefined;
    const now = this.d.now();
    this.pacer.pushed(now);
    const { me: _, serverTime, ...common } = this.standingsFor(null);
    const head = JSON.stringify(common).slice(0, -1);
    const tail = `,"serverTime":${serverTime}}`;
    let held = false;
    for (const playerId of this.subscribers) {
      if (!this.d.connected(playerId)) {
        this.unsubscribe(playerId);
        continue;
      }
      const seen = this.seen.get(playerId);
      if (seen?.version === this.version) continue;
      if (seen && now - seen.at < PUSH_INTERVAL_MS) {
        held = true;
        continue;
      }
      this.seen.set(playerId, { version: this.version, at: now });
      this.d.sendFrame(playerId, `${head},"me":${JSON.stringify(this.table().rowOf(playerId))}${tail}`);
    }
    // Those held back get this table with the next push, a second on.
    if (held) this.schedule();
  }

  /** The final table to everyone here who follows the arena, then nothing more. */
  finish(): void {
    clearTimeout(this.pushTimer);
    this.view = undefined;
    this.ended = true;
    for (const playerId of this.subscribers) {
      if (!this.d.connected(playerId)) continue;
      this.d.send(playerId, this.standingsFor(playerId));
      this.d.send(playerId, this.overFor(playerId));
    }
    this.stop();
  }

  stop(): void {
    clearTimeout(this.pushTimer);
    this.subscribers.clear();
    this.watchers.stop();
  }

  private maySee(watcher: string, deal: number): boolean {
    return maySeeBoard(this.names.has(watcher) ? this.position(watcher) : null, deal);
  }
}
