import { createHash } from 'node:crypto';
import { type Move, newGame } from '@scorpion/rules';
import {
  type Assessment,
  assessmentOf,
  EVIDENCE_VERSION,
  type EvidenceOptions,
  type GameEvidence,
  HOLD_SCORE,
  isHeld,
  type Models,
  type PlayedGame,
  type SolverPool,
  SolverUnavailableError,
  type WeighedGame,
} from '@scorpion/solver';
import type { Clock } from '../clock.ts';
import { totalsOf } from '../daily/stats.ts';
import type { GameRow, Repos, StoredAction } from '../repo/types.ts';
import { hiddenShare } from './tab-hidden.ts';

/**
 * Called once for each game whose evidence holds it: the seam for the moderators' queue, which
 * shows the game with its evidence and the player's running sum (a game is held by its own score,
 * or as the one that took the sum over all their games to the threshold). The result is already
 * off the board (`held`) by then.
 */
export type OnHeld = (
  game: GameRow,
  evidence: GameEvidence,
  running: Assessment,
  tabHidden: number | null,
) => void | Promise<void>;

export interface EvidenceRunnerOptions {
  readonly repos: Pick<Repos, 'games' | 'evidence' | 'boards' | 'races'>;
  /** A solver pool of low priority, of its own: the certifier's threads stay free for deals. */
  readonly pool: Pick<SolverPool, 'evidence'>;
  readonly now: Clock;
  readonly onHeld?: OnHeld;
  /** The solver's budgets (the defaults of `gameEvidence` unless given). */
  readonly budgets?: EvidenceOptions;
  /** `HOLD_SCORE` but in tests of the hold itself. */
  readonly holdScore?: number;
  /** Hears what could not be weighed (to log it). */
  readonly onError?: (gameId: string, error: unknown) => void;
}

/**
 * How many of a player's weighed games the running sum reads: all of them in practice (Ville's
 * bound is for one running sum from the first game, not for a window of the latest).
 */
const RUNNING_GAMES = 100_000;

/** Queued games read per round. */
const BATCH = 20;
/** While the solver threads are down, the queue is tried again this often. */
export const RETRY_MS = 60_000;

/**
 * Weighs finished ranked games, off the move path: a game's end only queues it (one row,
 * `repos.evidence.queue`); the pool's low-priority thread weighs it within minutes (seconds when
 * idle), and the evidence is stored with the game. The queue is stored, so what a restart
 * interrupted is weighed after it (`resume`). A ranked result stands on the board at once;
 * it is held, off the board and under review, only when its score passes the threshold.
 */
export class EvidenceRunner {
  private readonly options: EvidenceRunnerOptions;
  private draining: Promise<void> | undefined;
  private again = false;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(options: EvidenceRunnerOptions) {
    this.options = options;
  }

  /**
   * Which finished games are weighed: ranked dailies (the games with a board) and the games of
   * rated races (the games that move a rating), whose race is read to know.
   */
  async weighs(row: GameRow): Promise<boolean> {
    if (row.kind === 'daily') return row.ranked;
    if (row.kind !== 'race' || !row.raceId) return false;
    return (await this.options.repos.races.get(row.raceId))?.rated ?? false;
  }

  /**
   * A game ended: queue it if it is weighed (a racer's game ends with their race at the latest,
   * so a rated race's games are queued by the time it ends). Never throws into the move path.
   */
  finished(row: GameRow): void {
    if (this.closed || row.kind === 'practice' || row.kind === 'challenge') return;
    this.weighs(row)
      .then(async (weighed) => {
        if (!weighed) return;
        await this.options.repos.evidence.queue(row.id, row.playerId, this.options.now());
        this.resume();
      })
      .catch((error: unknown) => this.options.onError?.(row.id, error));
  }

  /** Weighs whatever is queued (at start, after a restart, or when a game was queued). */
  resume(): void {
    if (this.closed) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain().finally(() => {
      this.draining = undefined;
      if (this.again) {
        this.again = false;
        this.resume();
      }
    });
  }

  /** Resolves once nothing queued is being weighed (for tests and shutdown). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    await this.idle();
  }

  private async drain(): Promise<void> {
    for (;;) {
      const queued = await this.options.repos.evidence.queued(BATCH);
      if (queued.length === 0 || this.closed) return;
      for (const { gameId } of queued) {
        if (this.closed) return;
        try {
          await this.weigh(gameId);
        } catch (error) {
          if (error instanceof SolverUnavailableError) {
            // The threads are down: the game stays queued for the next try.
            this.retry = setTimeout(() => this.resume(), RETRY_MS);
            this.retry.unref?.();
            return;
          }
          this.options.onError?.(gameId, error);
          await this.options.repos.evidence.failed(gameId, this.options.now());
        }
      }
    }
  }

  private async weigh(gameId: string): Promise<void> {
    const { repos, pool, now } = this.options;
    const row = await repos.games.get(gameId);
    if (!row) throw new Error(`game ${gameId} is queued for evidence but not stored`);
    const stored = await repos.games.actions(gameId);
    const game: PlayedGame = {
      start: newGame(row.variant, row.options, row.deck),
      startedAt: row.startedAt,
      actions: stored.map(({ action, at }) => ({ action: action as Move | { kind: 'undo' } | { kind: 'redo' }, at })),
    };
    const evidence = await pool.evidence(game, seedOf(row, stored), this.options.budgets);
    const threshold = this.options.holdScore ?? HOLD_SCORE;
    const running = await this.running(row.playerId, gameId, evidence, threshold);
    // Held by its own score, or as the game that took the player's running sum to the threshold.
    const held = isHeld(evidence.score, threshold) || (evidence.score > 0 && running.review);
    // Beside the score, never in it: a hidden tab is for the moderator to read, not a reason to hold.
    const tabHidden = hiddenShare(await repos.evidence.tabVisibilityOf(gameId), row.startedAt, row.finishedAt ?? now());
    await repos.evidence.weighed(gameId, {
      version: EVIDENCE_VERSION,
      score: evidence.score,
      held,
      signals: JSON.stringify({
        ...evidence,
        held,
        running: { games: running.games, total: running.total },
        tabHidden,
      }),
      at: now(),
    });
    if (!held) return;
    // Off the board, and out of the day's counts and the player's streak, at once.
    await repos.boards.recount(row.playerId, totalsOf);
    await this.options.onHeld?.(row, { ...evidence, held }, running, tabHidden);
  }

  /** The player's running assessment with this game: every weighed game of theirs (of this evidence's version). */
  private async running(playerId: string, gameId: string, evidence: GameEvidence, threshold: number) {
    const earlier = await this.options.repos.evidence.recentOf(playerId, RUNNING_GAMES);
    const games = earlier
      .filter((r) => r.gameId !== gameId && r.version === EVIDENCE_VERSION && r.score !== null)
      .map((r): WeighedGame => ({ score: r.score!, models: modelsOf(r.signals), reviewed: r.held !== 'no' }));
    const score = evidence.score;
    return assessmentOf([...games, { score, models: evidence.clairvoyance.models, reviewed: false }], threshold);
  }
}

/** A stored game's score under each model (in its signals), when it has them. */
function modelsOf(signals: string | null): Models | undefined {
  if (!signals) return undefined;
  const models = (JSON.parse(signals) as { clairvoyance?: { models?: Models } }).clairvoyance?.models;
  return typeof models?.solver === 'number' && typeof models.keeps === 'number' ? models : undefined;
}

/** The completions a game is weighed over come from its deal and moves: the same game, the same evidence. */
function seedOf(row: GameRow, stored: readonly StoredAction[]): string {
  const content = JSON.stringify([row.variant, row.options, row.deck, stored.map((s) => s.action)]);
  return createHash('sha256').update(`evidence:${content}`).digest('hex').slice(0, 32);
}
