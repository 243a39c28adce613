import {
  type ErrorCode,
  type GameAction,
  type GameSnapshot,
  type GameStatus,
  type GameUpdate,
  toWireEvents,
  type WireEvent,
} from '@scorpion/protocol';
import { cardCode, isWon, REASON_TEXT } from '@scorpion/rules';
import { type Clock, dayNumber, utcDate } from '../clock.ts';
import { isTheDaysDeal } from '../daily/same-deal.ts';
import type { DailyResultRow, GameRow, Repos } from '../repo/types.ts';
import { KeyedLock } from './lock.ts';
import { type NewGame, newGameRow } from './new-row.ts';
import { Session } from './session.ts';
import { snapshot, update } from './wire.ts';

/** A refusal: nothing changed. `game` is the game as it stands, when the client needs it. */
export interface Refusal {
  readonly ok: false;
  readonly code: ErrorCode;
  readonly message: string;
  readonly reason?: string;
  readonly game?: GameSnapshot;
}

/**
 * An action stored and applied. `game` is the whole game only when a client cannot work the
 * board out from its own move and `events` (see `Ack` in the protocol); otherwise null.
 */
export type Acted =
  | {
      readonly ok: true;
      readonly seq: number;
      readonly duplicate: boolean;
      readonly events: WireEvent[];
      readonly update: GameUpdate;
      readonly game: GameSnapshot | null;
    }
  | Refusal;

/** The whole game, or why not. */
export type Shown = { readonly ok: true; readonly game: GameSnapshot } | Refusal;

export type { NewGame };

/** Told after every stored change of a game, so races can pass progress on. */
export type GameListener = (session: Session) => void;

/**
 * Games: create, resume, act, give up, end. An action is stored through the repository before
 * it is applied in memory and acknowledged, so an ack always means "on disk".
 */
export class GameService {
  private readonly sessions = new Map<string, Session>();
  private readonly loading = new Map<string, Promise<Session | undefined>>();
  private readonly lock = new KeyedLock();
  private readonly listeners: GameListener[] = [];
  /** Race games: when moves may start and when time runs out (server clock), from the race hub. */
  raceWindow: (raceId: string) => { startsAt: number; deadline: number | null } | undefined = () => undefined;
  /** Race games: the room code, and whether the race is over (its deals are public then). */
  raceInfo: (raceId: string) => Promise<{ code: string; over: boolean } | undefined> = async () => undefined;

  private readonly repos: Repos;
  private readonly now: Clock;
  constructor(repos: Repos, now: Clock) {
    this.repos = repos;
    this.now = now;
  }

  onChange(listener: GameListener): void {
    this.listeners.push(listener);
  }

  async create(spec: NewGame): Promise<Session> {
    const row = this.newRow(spec);
    await this.repos.games.create(row);
    return this.adopt(row);
  }

  newRow(spec: NewGame): GameRow {
    return newGameRow(spec, this.now());
  }

  /** Keeps a game row that was just stored (e.g. with its race) as a live session. */
  adopt(row: GameRow): Session {
    const session = new Session(row, []);
    session.touchedAt = this.now();
    const tally = session.tally();
    session.row = { ...row, progress: tally.progress, faceDown: tally.faceDown };
    this.sessions.set(row.id, session);
    return session;
  }

  async load(gameId: string): Promise<Session | undefined> {
    const cached = this.sessions.get(gameId);
    if (cached) {
      cached.touchedAt = this.now();
      return cached;
    }
    let pending = this.loading.get(gameId);
    if (!pending) {
      pending = (async () => {
        const row = await this.repos.games.get(gameId);
        if (!row) return undefined;
        const session = new Session(row, await this.repos.games.actions(gameId));
        session.row = { ...row, seq: session.seq, ...session.tally() };
        session.touchedAt = this.now();
        this.sessions.set(gameId, session);
        return session;
      })();
      this.loading.set(gameId, pending);
      void pending.finally(() => this.loading.delete(gameId));
    }
    return pending;
  }

  /** Drops a game from memory; it loads again from the database (all of it) when asked for. */
  forget(gameId: string): void {
    this.sessions.delete(gameId);
  }

  /** Abandoned games must not live in memory for ever: drop those untouched for `idleMs`. */
  evictIdle(idleMs: number): number {
    const before = this.now() - idleMs;
    let evicted = 0;
    for (const [id, session] of this.sessions) {
      if (session.touchedAt < before) {
        this.sessions.delete(id);
        evicted++;
      }
    }
    return evicted;
  }

  elapsed(row: GameRow): number {
    if (row.timeMs !== null) return row.timeMs;
    return this.now() - row.startedAt - row.pausedMs;
  }

  /** What an action changed besides the board: cheap, and holds no card. */
  update(session: Session): GameUpdate {
    const row = session.row;
    const playing = row.status === 'playing';
    const fields = {
      status: row.status,
      stuck: playing && session.stuck,
      canUndo: playing && session.tryAction({ kind: 'undo' }).ok,
      canRedo: playing && session.tryAction({ kind: 'redo' }).ok,
      moves: row.moves,
      undos: row.undos,
      elapsedMs: this.elapsed(row),
      serverTime: this.now(),
    };
    return update(fields, session.state);
  }

  /** The whole game; `current` is its update when the caller has already worked it out. */
  async snapshot(session: Session, current: GameUpdate = this.update(session)): Promise<GameSnapshot> {
    const row = session.row;
    const race = row.raceId ? await this.raceInfo(row.raceId) : undefined;
    const isPublic = await this.isPublic(row, race);
    const record = isPublic
      ? {
          variant: row.variant,
          options: row.options,
          deck: row.deck.map(cardCode),
          moves: [...session.movesSoFar()],
        }
      : null;
    return snapshot({
      base: {
        gameId: row.id,
        kind: row.kind,
        ranked: row.ranked,
        seq: session.seq,
        daily: row.dailyDate ? { date: row.dailyDate, day: dayNumber(row.dailyDate) } : null,
        roomCode: race?.code ?? null,
        raceId: row.raceId,
      },
      update: current,
      state: session.state,
      seed: row.playerSeed || isPublic ? row.seed : null,
      record,
    });
  }

  /** Whether the deck and move list of a game may be shown to anyone. */
  async isPublic(row: GameRow, race?: { over: boolean }): Promise<boolean> {
    switch (row.kind) {
      case 'practice':
        return row.status !== 'playing';
      case 'daily':
        return row.dailyDate !== null && row.dailyDate < utcDate(this.now());
      case 'race':
        return (race ?? (row.raceId ? await this.raceInfo(row.raceId) : undefined))?.over === true;
    }
  }

  /** Plays, undoes or redoes for `playerId`, storing before applying. */
  act(playerId: string, gameId: string, expect: number, action: GameAction): Promise<Acted> {
    return this.lock.run(gameId, async () => {
      const session = await this.load(gameId);
      if (!session) return { ok: false, code: 'no-such-game', message: 'There is no such game.' };
      if (session.row.playerId !== playerId) {
        return { ok: false, code: 'not-your-game', message: 'That game belongs to another player.' };
      }
      // A resent action is acknowledged again, even the one that ended the game.
      if (expect < session.seq && JSON.stringify(session.log[expect]!.action) === JSON.stringify(action)) {
        const current = this.update(session);
        const game = await this.snapshot(session, current);
        return { ok: true, seq: session.seq, duplicate: true, events: [], update: current, game };
      }
      const refusal = await this.refuseIfClosed(session);
      if (refusal) return refusal;

      if (expect !== session.seq) {
        return {
          ok: false,
          code: 'stale',
          message: `The game is at ${session.seq}, not ${expect}.`,
          game: await this.snapshot(session),
        };
      }
      const tried = session.tryAction(action);
      if (!tried.ok) {
        if (tried.reason === 'nothing-to-undo' || tried.reason === 'nothing-to-redo') {
          return { ok: false, code: tried.reason, message: `There is nothing to ${action.kind}.` };
        }
        return {
          ok: false,
          code: 'illegal-move',
          message: REASON_TEXT[tried.reason],
          reason: tried.reason,
          game: await this.snapshot(session),
        };
      }

      const stored = { seq: session.seq, action, at: this.now() };
      await this.repos.games.append(gameId, stored);
      session.commit(stored, tried.history);
      session.row = { ...session.row, seq: session.seq, ...session.tally() };
      const events = toWireEvents(tried.events);
      const undone = action.kind === 'undo' || action.kind === 'redo';
      if (undone) events.push({ type: action.kind });
      if (isWon(session.state)) await this.end(session, 'won');
      this.changed(session);
      // Only a plain move in a game still going can be worked out by the client from the ack.
      const whole = undone || session.row.status !== 'playing';
      const current = this.update(session);
      const game = whole ? await this.snapshot(session, current) : null;
      return { ok: true, seq: session.seq, duplicate: false, events, update: current, game };
    });
  }

  giveUp(playerId: string, gameId: string): Promise<Shown> {
    return this.lock.run(gameId, async () => {
      const session = await this.load(gameId);
      if (!session) return { ok: false, code: 'no-such-game', message: 'There is no such game.' };
      if (session.row.playerId !== playerId) {
        return { ok: false, code: 'not-your-game', message: 'That game belongs to another player.' };
      }
      const refusal = await this.refuseIfClosed(session);
      if (refusal) return refusal;
      await this.end(session, 'gave-up');
      this.changed(session);
      return { ok: true, game: await this.snapshot(session) };
    });
  }

  /** Ends a game from outside (a race's time limit, a daily's day ending). */
  close(gameId: string, status: Exclude<GameStatus, 'playing'>): Promise<void> {
    return this.lock.run(gameId, async () => {
      const session = await this.load(gameId);
      if (session?.row.status !== 'playing') return;
      await this.end(session, status);
      this.changed(session);
    });
  }

  private async refuseIfClosed(session: Session): Promise<Refusal | undefined> {
    const row = session.row;
    if (row.status === 'playing' && row.dailyDate !== null && row.dailyDate < utcDate(this.now())) {
      await this.end(session, 'timed-out');
      this.changed(session);
    }
    if (row.raceId && session.row.status === 'playing') {
      const window = this.raceWindow(row.raceId);
      if (window && this.now() < window.startsAt) {
        return { ok: false, code: 'not-started', message: 'The race has not started yet.' };
      }
      // The race hub's timer ends the race at the deadline; this covers a move that beats it.
      if (window?.deadline != null && this.now() >= window.deadline) {
        await this.end(session, 'timed-out');
        this.changed(session);
      }
    }
    if (session.row.status !== 'playing') {
      return { ok: false, code: 'game-over', message: 'This game is over.', game: await this.snapshot(session) };
    }
    return undefined;
  }

  private async end(session: Session, status: Exclude<GameStatus, 'playing'>): Promise<void> {
    const row = session.row;
    const finishedAt = this.now();
    const timeMs = Math.max(0, finishedAt - row.startedAt - row.pausedMs);
    const daily =
      row.kind === 'daily' && row.ranked ? await this.dailyResult(session, status, timeMs, finishedAt) : undefined;
    await this.repos.games.finish(row.id, { status, finishedAt, timeMs, seq: session.seq, ...session.tally() }, daily);
    session.row = { ...row, status, finishedAt, timeMs };
  }

  /**
   * The ranked result, verified: the stored game must be the day's stored deal (deck, seed,
   * variant, options), and its stored actions must replay from that deck to this very end.
   */
  private async dailyResult(
    session: Session,
    status: GameStatus,
    timeMs: number,
    finishedAt: number,
  ): Promise<DailyResultRow> {
    const row = session.row;
    const tally = session.tally();
    const won = status === 'won';
    let verified: boolean;
    try {
      const stored = await this.repos.games.get(row.id);
      const deal = await this.repos.daily.get(row.dailyDate!);
      const replayed = new Session(stored!, await this.repos.games.actions(row.id));
      const again = replayed.tally();
      verified =
        deal !== undefined &&
        isTheDaysDeal(stored!, deal) &&
        isWon(replayed.state) === won &&
        again.progress === tally.progress &&
        again.moves === tally.moves;
    } catch {
      verified = false;
    }
    return {
      date: row.dailyDate!,
      playerId: row.playerId,
      gameId: row.id,
      won,
      timeMs,
      moves: tally.moves,
      progress: tally.progress,
      faceDown: tally.faceDown,
      verified,
      finishedAt,
    };
  }

  private changed(session: Session): void {
    for (const listener of this.listeners) listener(session);
  }

  /** The whole game as it stands, for `game-resume`. */
  async resume(playerId: string, gameId: string): Promise<Shown> {
    const session = await this.load(gameId);
    if (!session) return { ok: false, code: 'no-such-game', message: 'There is no such game.' };
    if (session.row.playerId !== playerId) {
      return { ok: false, code: 'not-your-game', message: 'That game belongs to another player.' };
    }
    return this.lock.run(gameId, async () => {
      await this.refuseIfClosed(session);
      return { ok: true, game: await this.snapshot(session) };
    });
  }
}
