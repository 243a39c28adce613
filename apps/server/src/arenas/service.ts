import type { GameSnapshot, ServerMessage } from '@scorpion/protocol';
import type { Clock } from '../clock.ts';
import type { GameService } from '../games/service.ts';
import { KeyedLock } from '../keyed-lock.ts';
import { type Answer, type Refusal, refuse } from '../refusal.ts';
import type { ArenaRow, GameRow, Repos } from '../repo/types.ts';
import { ArenaMemory } from './arena-memory.ts';
import { resultRowOf, scheduledRowOf } from './arena-row.ts';
import { dealGame } from './deal-game.ts';
import type { ArenaDeals } from './deal-sequence.ts';
import { type DealHolding, HeldGames } from './held-games.ts';
import type { LiveArena } from './live-arena.ts';
import { decideJoin, decideNext } from './next-deal.ts';
import type { SharedTables } from './shared-table.ts';
import { MAX_AHEAD_MS } from './validate.ts';

export interface ArenaServiceDeps {
  readonly repos: Repos;
  readonly games: GameService;
  readonly deals: ArenaDeals;
  readonly now: Clock;
  /** To this process's sockets of a player. */
  readonly send: (playerId: string, message: ServerMessage) => void;
  readonly sendFrame: (playerId: string, frame: string) => void;
  readonly connected: (playerId: string) => boolean;
  /**
   * Cluster mode: the arena's players play on every process, so each one follows what the others
   * stored on every sweep (from `shared`, else from the database) rather than trusting what it
   * heard itself.
   */
  readonly clustered: boolean;
  /**
   * Cluster mode with Redis: the sweep reads only what changed from the shared table, and reads
   * the database as above only while it cannot answer.
   */
  readonly shared?: SharedTables | undefined;
  readonly log: (error: unknown, what: string) => void;
}

const noSuchArena = refuse('no-such-arena', 'There is no such arena.');

/**
 * The arenas this process serves over the socket: joining, dealing the next deal, leaving,
 * watching, and the clock that times deals out and ends arenas. The arena's state is what
 * storage holds (its players, and its games as the results); `LiveArena` keeps it in memory
 * and makes the table from it. Commands of one player in one arena run one at a time.
 */
export class ArenaService {
  private readonly d: ArenaServiceDeps;
  private readonly held: HeldGames;
  private readonly live: ArenaMemory;
  private readonly lock = new KeyedLock();
  private readonly ending = new Set<string>();

  constructor(d: ArenaServiceDeps) {
    this.d = d;
    this.held = new HeldGames(d);
    this.live = new ArenaMemory(d, this.held);
  }

  /**
   * The arena an id names: stored, or on the schedule and not stored yet. A scheduled arena more
   * than a week ahead is not there yet, as a private one could not be: nobody fills memory and
   * storage with arenas of years to come.
   */
  async find(id: string): Promise<ArenaRow | undefined> {
    const stored = await this.d.repos.arenas.get(id);
    if (stored) return stored;
    const scheduled = scheduledRowOf(id);
    return scheduled && scheduled.startsAt <= this.d.now() + MAX_AHEAD_MS ? scheduled : undefined;
  }

  /** Cluster mode, from the start on (`plugins/restore.ts`): the deals served here are held by this process. */
  holdAs(holding: DealHolding): void {
    this.held.holdAs(holding);
    // A move, an undo, a give-up or a resume sent here without a join (the player's socket
    // moved) takes the deal over first, as a join does: the game service waits for it.
    this.d.games.takeovers.set('arena', (row) => this.serveDeal(row));
  }

  /** An arena deal about to be served here outside a join or a next deal: its arena's, taken over first. */
  private async serveDeal(row: GameRow): Promise<void> {
    if (row.arenaId === null) return;
    const cached = this.live.cached(row.arenaId);
    const arena = cached ? undefined : await this.find(row.arenaId);
    const live = cached ?? (arena && (await this.live.of(arena)));
    if (live) await this.held.serve(live, row.id);
  }

  /**
   * Deals another process took over here (its holder died: `OutageRepo.takeAbandoned`), their
   * clocks credited: what memory holds of them is behind, and is run again as stored.
   */
  async takenOver(gameIds: readonly string[]): Promise<void> {
    for (const gameId of gameIds) {
      const live = this.live.all().find((l) => l.owns(gameId));
      const row = live && (await this.d.repos.games.get(gameId));
      // Under the player's lock: not in the middle of their own join or next deal here.
      if (live && row) await this.lock.run(`${live.row.id}:${row.playerId}`, () => this.held.taken(live, gameId));
      else this.d.games.forget(gameId);
    }
  }

  /** The arena in memory, if it is (for the REST table of a running arena). */
  cached(id: string): LiveArena | undefined {
    return this.live.cached(id);
  }

  async join(playerId: string, arenaId: string): Promise<Answer<ServerMessage[]>> {
    const row = await this.find(arenaId);
    if (!row) return noSuchArena;
    return this.lock.run(`${arenaId}:${playerId}`, async () => {
      const live = await this.live.of(row);
      const refusal = await this.enter(live, playerId);
      if (refusal) return refusal;
      live.subscribe(playerId);
      const frames: ServerMessage[] = [live.answer(playerId)];
      const last = live.lastGame(playerId);
      if (last?.status === 'playing') {
        await this.held.serve(live, last.id);
        const shown = await this.d.games.resume(playerId, last.id);
        if (shown.ok) frames.push({ type: 'game', game: shown.game });
      }
      return { ok: true, value: frames };
    });
  }

  async next(playerId: string, arenaId: string, deal: number, berserk: boolean): Promise<Answer<GameSnapshot>> {
    const row = await this.find(arenaId);
    if (!row) return noSuchArena;
    return this.lock.run(`${arenaId}:${playerId}`, async () => {
      const now = this.d.now();
      const live = await this.live.of(row);
      if (now >= row.startsAt && now < row.endsAt) {
        const refusal = await this.enter(live, playerId);
        if (refusal) return refusal;
      }
      // In a cluster the player may have been dealt a deal on another process.
      if (this.d.clustered) live.load([], await this.d.repos.arenas.results(arenaId, playerId));
      const decision = decideNext(row, live.position(playerId), { deal, berserk }, now);
      if (decision.kind === 'refused') return refuse(decision.code, nextRefusalText[decision.code]);
      if (decision.kind === 'resume') {
        const game = live.lastGame(playerId)!;
        await this.held.serve(live, game.id);
        const shown = await this.d.games.resume(playerId, game.id);
        return shown.ok ? { ok: true, value: shown.game } : shown;
      }
      return dealGame(this.d, this.held.nodeId, live, playerId, decision.deal, decision.berserk);
    });
  }

  leave(playerId: string, arenaId: string): Answer<null> {
    this.live.cached(arenaId)?.unsubscribe(playerId);
    return { ok: true, value: null };
  }

  /** Answers the standings (a spectator follows them from now on), or nothing when watching stops. */
  async watch(playerId: string, arenaId: string, target: string | null): Promise<Answer<ServerMessage[]>> {
    const row = await this.find(arenaId);
    if (!row) return noSuchArena;
    const live = await this.live.of(row);
    if (target === null) {
      live.watchers.unwatch(playerId);
      return { ok: true, value: [] };
    }
    const game = live.lastGame(target);
    if (!game || target === playerId) return refuse('not-racing', 'That player has no deal in this arena yet.');
    if (!live.has(playerId)) {
      // Someone not playing sees any board, and has then seen the arena's deals: a spectator.
      await this.d.repos.arenas.ensure(row);
      await this.d.repos.arenas.join(arenaId, playerId, 'spectator', this.d.now());
      live.subscribe(playerId);
    }
    const loaded = await this.d.games.load(game.id);
    if (!loaded) return refuse('not-racing', 'That player has no deal in this arena yet.');
    live.watchers.watch(playerId, target, loaded);
    return { ok: true, value: [live.answer(playerId)] };
  }

  /**
   * The clock's sweep, on the injected clock: deals past their limit are timed out, arenas past
   * their end are ended, a start shows in the standings; in a cluster each table follows the others'.
   */
  async tick(): Promise<void> {
    const now = this.d.now();
    for (const live of this.live.all()) {
      try {
        if (now >= live.row.endsAt) {
          await this.end(live);
          continue;
        }
        live.statusTick();
        for (const game of [...live.inPlay()]) {
          if (game.closesAt !== null && now >= game.closesAt) await this.timeOut(live, game.id);
        }
        if (this.d.clustered) await this.follow(live);
      } catch (error) {
        this.d.log(error, `arena ${live.row.id}: the sweep failed; the next one tries again`);
      }
    }
  }

  /** After a start: every arena whose final table is not stored is taken up again from storage. */
  async restore(): Promise<void> {
    for (const row of await this.d.repos.arenas.unsettled()) {
      const live = await this.live.of(row);
      if (this.d.now() >= row.endsAt) await this.end(live);
    }
  }

  stop(): void {
    this.live.stop();
  }

  /** Puts the player in the arena (unless they are); refused once it has ended, or to a spectator. */
  private async enter(live: LiveArena, playerId: string): Promise<Refusal | undefined> {
    const { repos, now } = this.d;
    const arenaId = live.row.id;
    if (live.has(playerId) && now() < live.row.endsAt) return undefined;
    const role = await repos.arenas.roleOf(arenaId, playerId);
    const refused = decideJoin(live.row, role === 'spectator', now());
    if (refused === 'arena-finished') return refuse(refused, 'This arena has ended; its table is final.');
    if (refused === 'arena-watched')
      return refuse(refused, "You have watched this arena's boards, so you have seen its deals: you watch it.");
    if (role === undefined) {
      await repos.arenas.ensure(live.row);
      await repos.arenas.join(arenaId, playerId, 'player', now());
    }
    const player = await repos.players.byId(playerId);
    live.addPlayer(playerId, player?.nickname ?? '');
    return undefined;
  }

  private async timeOut(live: LiveArena, gameId: string): Promise<void> {
    const { games } = this.d;
    if (await this.held.limitMoved(live, gameId)) return;
    await games.close(gameId, 'timed-out');
    const game = games.cached(gameId) ?? (await games.load(gameId));
    if (game) live.record(resultRowOf(game.row));
  }

  /**
   * What other processes stored since the last sweep: from the shared table when it answers
   * (only the players who changed), else the whole arena from storage.
   */
  private async follow(live: LiveArena): Promise<void> {
    const changes = await this.d.shared?.changes(live.row);
    if (changes) live.load(changes.players, changes.results);
    else await this.refresh(live);
  }

  /** Reads the arena's players and results again: the table every process shares is storage's. */
  private async refresh(live: LiveArena): Promise<void> {
    const { arenas } = this.d.repos;
    const [players, results] = await Promise.all([arenas.players(live.row.id), arenas.results(live.row.id)]);
    live.load(players, results);
  }

  /**
   * The arena has ended: deals still in play are closed (they count for nothing), the final
   * table is read from storage, its winner stored once, and everyone here is sent the podium.
   */
  private async end(live: LiveArena): Promise<void> {
    const id = live.row.id;
    if (this.ending.has(id)) return;
    this.ending.add(id);
    try {
      for (const game of [...live.inPlay()]) await this.timeOut(live, game.id);
      await this.refresh(live);
      const winner = live.standings()[0]?.playerId ?? null;
      await this.d.repos.arenas.settle(id, winner, this.d.now());
      live.finish();
      for (const [gameId, owner] of live.held()) this.d.games.release(owner, [gameId]);
      this.live.forget(id);
      this.d.deals.forget(id);
      this.d.shared?.forget(id);
    } finally {
      this.ending.delete(id);
    }
  }
}

const nextRefusalText = {
  'arena-not-started': 'This arena has not started yet.',
  'arena-finished': 'This arena has ended; its table is final.',
  stale: 'That is not your next deal.',
  'arena-berserk-too-late': 'Berserk is chosen before a deal is dealt; this one was dealt without it.',
} as const;
