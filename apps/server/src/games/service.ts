import type { GameAction, GameKind, GameSnapshot, GameUpdate, RaceStanding, WireEvent } from '@scorpion/protocol';
import { cardCode, REASON_TEXT } from '@scorpion/rules';
import type { Clock } from '../clock.ts';
import { KeyedLock } from '../keyed-lock.ts';
import { type Refusal, refuse } from '../refusal.ts';
import { SeqTakenError } from '../repo/errors.ts';
import type { Fence, GameRow, GamesRepo } from '../repo/types.ts';
import { gate } from '../secrecy.ts';
import type { GameOwner, GameWindow, LiveGame } from './live-game.ts';
import { GameMemory } from './memory.ts';
import { type NewGame, newGameRow } from './new-row.ts';
import { type Acted, type Played, REFUSED, type Shown } from './outcomes.ts';
import type { Ending, GamePolicy, Gate, Policies } from './policy.ts';
import { Takeovers } from './takeovers.ts';
import { snapshot } from './wire.ts';

const { noSuchGame, notYours, nothingToUndo, nothingToRedo, notStarted } = REFUSED;

/**
 * A game its owner runs, at `now`: not open before its window opens, timed out from its close on.
 * Beside the service that asks it on every action, so that a race move makes no call to learn it.
 */
export function gateAt(window: GameWindow, now: number): Gate {
  if (now < window.opensAt) return 'early';
  return window.closesAt !== null && now >= window.closesAt ? 'timed-out' : 'open';
}

/**
 * Games of every kind: load, lock, check `expect`, store, apply, and build frames through
 * `wire.ts`. What differs by kind (when a game takes actions, when it is public, what its end
 * stores, who hears of its changes) is its policy's. An action is stored through the repository
 * before it is applied in memory and acknowledged, so an ack always means "on disk".
 */
export class GameService {
  private readonly memory: GameMemory;
  private readonly lock = new KeyedLock();

  private readonly repo: GamesRepo;
  private readonly now: Clock;
  private readonly policies: Policies;
  private readonly finished: ((row: GameRow) => void) | undefined;
  /** By kind: a move of a race reaches no listener of challenge games. */
  private readonly listeners = new Map<GameKind, ((game: LiveGame) => void)[]>();
  /** Cluster mode: what takes a game held by another process over before it is served here. */
  readonly takeovers = new Takeovers((gameId) => this.cached(gameId) ?? this.load(gameId));

  /**
   * `finished` hears every game once its end is stored (the evidence runner queues ranked ones);
   * it must return at once: it runs on the move path.
   */
  constructor(repo: GamesRepo, now: Clock, policies: Policies, finished?: (row: GameRow) => void) {
    this.repo = repo;
    this.now = now;
    this.policies = policies;
    this.finished = finished;
    this.memory = new GameMemory(repo, now);
  }

  async create(spec: NewGame): Promise<LiveGame> {
    const row = this.newRow(spec);
    await this.repo.create(row);
    return this.memory.adopt(row);
  }

  newRow(spec: NewGame): GameRow {
    return newGameRow(spec, this.now());
  }

  /**
   * `owner` runs these games here from now on (a race its racers'): their window is its, and it
   * hears their changes. `stored` are rows of them just stored (with their race), kept at once.
   */
  hold(owner: GameOwner, gameIds: Iterable<string>, stored: readonly GameRow[] = []): void {
    this.memory.hold(owner, gameIds);
    for (const row of stored) this.memory.adopt(row);
  }

  /** `owner` no longer runs these games here: they leave memory, to load again as stored. */
  release(owner: GameOwner, gameIds: Iterable<string>): void {
    this.memory.release(owner, gameIds);
  }

  /** `listener` hears every stored change of every game of `kind` (an action, its end), after its owner. */
  onChanged(kind: GameKind, listener: (game: LiveGame) => void): void {
    const heard = this.listeners.get(kind);
    if (heard) heard.push(listener);
    else this.listeners.set(kind, [listener]);
  }

  load(gameId: string): Promise<LiveGame | undefined> {
    return this.memory.load(gameId);
  }

  /** The game if it is in memory, at once. */
  cached(gameId: string): LiveGame | undefined {
    return this.memory.cached(gameId);
  }

  /** Drops a game from memory; it loads again from the database (all of it) when asked for. */
  forget(gameId: string): void {
    this.memory.forget(gameId);
  }

  /** Abandoned games must not live in memory for ever: drop those untouched for `idleMs`. */
  evictIdle(idleMs: number): number {
    return this.memory.evictIdle(idleMs);
  }

  /** The whole game; `current` is its update when the caller has already worked it out. */
  async snapshot(game: LiveGame, current: GameUpdate = game.update(this.now())): Promise<GameSnapshot> {
    const row = game.row;
    const policy = this.policyOf(row);
    const [isPublic, place] = await Promise.all([policy.isPublic(row, this.now()), policy.placeOf(row)]);
    const record = gate.disclose(isPublic, () => ({
      variant: row.variant,
      options: row.options,
      deck: row.deck.map(cardCode),
      moves: [...game.movesSoFar()],
    }));
    return snapshot({
      base: {
        gameId: row.id,
        kind: row.kind,
        ranked: row.ranked,
        seq: game.seq,
        daily: place.daily,
        roomCode: place.roomCode,
        raceId: row.raceId,
        arena: place.arena,
        hints: place.hints,
      },
      update: current,
      state: game.state,
      seed: gate.disclose(row.playerSeed || isPublic, () => row.seed),
      record,
    });
  }

  /** Whether the deck and move list of a game may be shown to anyone (its kind decides). */
  isPublic(row: GameRow): Promise<boolean> {
    return this.policyOf(row).isPublic(row, this.now());
  }

  /**
   * Plays, undoes or redoes for `playerId`: the game checks, stores and takes the action in
   * (`LiveGame.playAction`); here are the answers that need more than the game (an end, a snapshot).
   */
  async act(playerId: string, gameId: string, expect: number, action: GameAction): Promise<Acted> {
    // No turn of the event loop the move does not need: its lock taken in this turn (no task handed over), a game in
    // memory, open and with nothing to confirm goes straight to the store. Answers are awaited inside `try`: the lock
    // is let go once each is whole.
    const turn = this.lock.take(gameId);
    if (turn) await turn;
    try {
      let game = this.cached(gameId) ?? (await this.load(gameId));
      if (!game) return noSuchGame;
      if (game.row.playerId !== playerId) return notYours;
      const taking = this.takeovers.kinds.has(game.row.kind) ? this.takeovers.of(game) : undefined;
      if (taking) game = await taking;
      const gate = this.gateOf(game);
      let played: Played;
      try {
        played = await game.playAction(expect, action, gate === 'open', this.now, this.repo);
      } catch (error) {
        if (!(error instanceof SeqTakenError)) throw error;
        // Another process stored this move number first: the game in memory is behind.
        this.forget(gameId);
        const fresh = await this.load(gameId);
        return fresh ? await this.refused('stale', fresh, gate, expect) : noSuchGame;
      }
      if (!played.ok) return await this.refused(played.reason, game, gate, expect);
      // A resent action is acknowledged again, even the one that ended the game.
      if (played.duplicate) return await this.acked(game, true, [], null);
      if (played.won) await this.end(game, 'won');
      const standing = this.changed(game, true);
      const race = (standing instanceof Promise ? await standing : standing) ?? null;
      return game.row.status === 'playing'
        ? { ok: true, seq: game.seq, duplicate: false, events: played.events, update: played.update, game: null, race }
        : await this.acked(game, false, played.events, race);
    } finally {
      this.lock.release(gameId);
    }
  }

  giveUp(playerId: string, gameId: string): Promise<Shown> {
    return this.lock.run(gameId, async () => {
      let game = await this.load(gameId);
      if (!game) return noSuchGame;
      if (game.row.playerId !== playerId) return notYours;
      game = await (this.takeovers.of(game) ?? game);
      const refusal = await this.closed(await this.settle(game, this.gateOf(game)), game);
      if (refusal) return refusal;
      await this.end(game, 'gave-up');
      this.changed(game, false);
      return { ok: true, game: await this.snapshot(game) };
    });
  }

  /** Ends a game from outside (a race's time limit or end, a daily's day ending). */
  close(gameId: string, status: Ending, fence?: Fence): Promise<void> {
    return this.lock.run(gameId, async () => {
      const game = await this.load(gameId);
      if (game?.row.status !== 'playing') return;
      await this.end(game, status, fence);
      this.changed(game, false);
    });
  }

  /** The whole game as it stands, for `game-resume` (a game whose time ran out is ended first). */
  async resume(playerId: string, gameId: string): Promise<Shown> {
    const loaded = await this.load(gameId);
    if (!loaded) return noSuchGame;
    if (loaded.row.playerId !== playerId) return notYours;
    return this.lock.run(gameId, async () => {
      const game = await (this.takeovers.of(loaded) ?? loaded);
      await this.settle(game, this.gateOf(game));
      return { ok: true, game: await this.snapshot(game) };
    });
  }

  /**
   * The ack that carries the whole game: of a resend (`dup`), or of the action that ended it. In
   * a game still going the client works the board out from the ack alone: a move with the rules,
   * an undo or a redo from the boards it was shown (`SnapshotLine`). The ack of an undo or a
   * redo holds no card, and an undo hides again what its move turned over.
   */
  private async acked(game: LiveGame, dup: boolean, events: WireEvent[], race: RaceStanding | null): Promise<Acted> {
    const update = game.update(this.now());
    return { ok: true, seq: game.seq, duplicate: dup, events, update, game: await this.snapshot(game, update), race };
  }

  /** Why `action` was not played, with the game where the client must see it whole. */
  private async refused(
    reason: Exclude<Played, { ok: true }>['reason'],
    game: LiveGame,
    gate: Gate | 'over',
    expect: number,
  ): Promise<Refusal> {
    if (reason === 'closed') return (await this.closed(await this.settle(game, gate), game))!;
    if (reason === 'nothing-to-undo') return nothingToUndo;
    if (reason === 'nothing-to-redo') return nothingToRedo;
    const shown = await this.snapshot(game);
    return reason === 'stale'
      ? refuse('stale', `The game is at ${game.seq}, not ${expect}.`, { game: shown })
      : refuse('illegal-move', REASON_TEXT[reason], { reason, game: shown });
  }

  private policyOf(row: GameRow): GamePolicy {
    return this.policies[row.kind];
  }

  /**
   * `over` for a game that has ended; else its owner's window (not before it opens, timed out
   * from its close on), or, for a game nothing here runs, its kind's gate.
   */
  private gateOf(game: LiveGame): Gate | 'over' {
    if (game.row.status !== 'playing') return 'over';
    const owner = game.owner;
    return owner ? gateAt(owner.window, this.now()) : this.policyOf(game.row).gate(game.row, this.now());
  }

  /**
   * The one event of a stored change: its owner hears it first (and answers what the ack
   * carries), then the listeners of its kind.
   */
  private changed(game: LiveGame, ack: boolean): ReturnType<GameOwner['changed']> {
    const standing = game.owner?.changed(game, ack);
    const heard = this.listeners.get(game.row.kind);
    if (heard) for (const listener of heard) listener(game);
    return standing;
  }

  /** Ends the game if `gate` says its time is up. */
  private async settle(game: LiveGame, gate: Gate | 'over'): Promise<'early' | 'open' | 'over'> {
    if (gate === 'early' || gate === 'open' || gate === 'over') return gate;
    await this.end(game, gate);
    this.changed(game, false);
    return 'over';
  }

  /** The refusal of an action on a game that is not open: not started yet, or over. */
  private async closed(gate: 'early' | 'open' | 'over', game: LiveGame): Promise<Refusal | undefined> {
    if (gate === 'early') return notStarted;
    if (gate === 'over') return refuse('game-over', 'This game is over.', { game: await this.snapshot(game) });
    return undefined;
  }

  /** With a `fence` (a race ending a racer's game in cluster mode) the write is refused once stale. */
  private async end(game: LiveGame, status: Ending, fence?: Fence): Promise<void> {
    const row = game.row;
    const finishedAt = this.now();
    const timeMs = Math.max(0, game.playedMs(finishedAt));
    const extra = await this.policyOf(row).onEnd(game, { status, finishedAt, timeMs });
    await this.repo.finish(row.id, { status, finishedAt, timeMs, seq: game.seq, ...game.tally() }, extra, fence);
    game.ended(status, finishedAt, timeMs);
    this.finished?.(game.row);
  }
}
