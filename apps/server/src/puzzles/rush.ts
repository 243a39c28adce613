import {
  RUSH_MISTAKE_MS,
  RUSH_MISTAKES,
  RUSH_MS,
  type RushAnswer,
  type RushBoard,
  type RushHome,
  type RushOver,
  type RushPlaying,
  type RushRun,
} from '@scorpion/protocol';
import type { Move } from '@scorpion/rules';
import { type Clock, utcDate } from '../clock.ts';
import { newId } from '../identity/token.ts';
import { type Answer, refuse } from '../refusal.ts';
import type { PuzzleRushRepo, PuzzleRushRow, RushChange } from '../repo/types.ts';
import { gate } from '../secrecy.ts';
import type { Puzzle } from './catalogue.ts';
import { judgeMove, positionAt } from './judge.ts';
import { byRating, chooseRun } from './rush-run.ts';

const DAY_MS = 86_400_000;
/**
 * How long the puzzles' order by rating is kept: ratings move a little with each rated result, and
 * sorting them all (20 ms for 1,631 of them) on every start would hold the event loop for each.
 */
const ORDER_KEPT_MS = 60_000;
/** Players on the day's board. */
export const BOARD_SIZE = 20;

/**
 * Puzzle rush (issue #36, after lichess Storm and Rush): a run of puzzles, easy to hard, fixed as
 * it starts, against three minutes of the server's clock; a solved puzzle scores one, a wrong move
 * costs ten seconds and moves on, the third ends the run. Moves are judged as rated puzzles'
 * (`judge.ts`); nothing here rates anything. No right move leaves before the run is over; then
 * each mistake's does. A run's clock is read when the run is asked for or moved in: a run whose
 * time has passed is ended then, at its clock's end.
 */
export class PuzzleRushService {
  private readonly repo: PuzzleRushRepo;
  private readonly puzzles: readonly Puzzle[];
  private readonly byId: ReadonlyMap<string, Puzzle>;
  /** A puzzle's rating as it stands (the rated puzzles' service keeps them). */
  private readonly ratingOf: (puzzle: Puzzle) => number;
  private readonly now: Clock;
  private readonly random: () => number;
  private order: { readonly at: number; readonly ids: readonly string[] } | undefined;

  constructor(
    repo: PuzzleRushRepo,
    puzzles: readonly Puzzle[],
    ratingOf: (puzzle: Puzzle) => number,
    now: Clock,
    random: () => number = Math.random,
  ) {
    this.repo = repo;
    this.puzzles = puzzles;
    this.byId = new Map(puzzles.map((puzzle) => [puzzle.id, puzzle]));
    this.ratingOf = ratingOf;
    this.now = now;
    this.random = random;
  }

  /** The player's best and the run they have in play, its clock read now. */
  async home(playerId: string): Promise<RushHome> {
    let playing: RushPlaying | null = null;
    for (const open of await this.repo.openRuns(playerId)) {
      const run = await this.timed(open);
      if (run.status === 'open' && !playing) playing = await this.playing(run);
    }
    return { best: (await this.repo.best(playerId, this.now())) ?? null, playing };
  }

  /** Today's board (the server's UTC day): each player's best run ended today; the caller's row marked. */
  async board(playerId: string | undefined): Promise<RushBoard> {
    const date = utcDate(this.now());
    const from = Date.parse(`${date}T00:00:00Z`);
    const bests = await this.repo.dayBests(from, from + DAY_MS, this.now(), BOARD_SIZE);
    const rows = bests.map((best, at) => ({
      rank: at + 1,
      nickname: best.nickname,
      score: best.score,
      you: best.playerId === playerId,
    }));
    return { date, rows };
  }

  /** A run's puzzles, easy to hard, drawn now (`chooseRun`); a puzzle race's are drawn here too. */
  newRun(): string[] {
    const now = this.now();
    if (!this.order || now - this.order.at >= ORDER_KEPT_MS) {
      this.order = { at: now, ids: byRating(this.puzzles, this.ratingOf) };
    }
    return chooseRun(this.order.ids, this.random);
  }

  /** A new run; a run the player had in play ends where it was (its score counts). */
  async start(playerId: string): Promise<Answer<RushPlaying>> {
    const now = this.now();
    const puzzleIds = this.newRun();
    if (puzzleIds.length === 0) return refuse('no-puzzles-left', 'There are no puzzles on this server.');
    for (const open of await this.repo.openRuns(playerId)) {
      const run = await this.timed(open);
      if (run.status === 'open')
        await this.repo.update(run.id, run, { ...changeOf(run), status: 'over', endedAt: now });
    }
    const row: PuzzleRushRow = {
      id: newId(),
      playerId,
      puzzleIds,
      at: 0,
      step: 0,
      score: 0,
      mistakes: [],
      status: 'open',
      startedAt: now,
      endsAt: now + RUSH_MS,
      endedAt: null,
    };
    await this.repo.start(row);
    return { ok: true, value: await this.playing(row) };
  }

  /** One of the player's runs as it stands now. */
  async run(playerId: string, runId: string): Promise<Answer<RushRun>> {
    const found = await this.ownRun(playerId, runId);
    if (!found.ok) return found;
    return { ok: true, value: await this.wire(await this.timed(found.value)) };
  }

  /** A move in the puzzle at `index`, `step` moves in: judged, and the run moved on. */
  async move(playerId: string, runId: string, index: number, step: number, move: Move): Promise<Answer<RushAnswer>> {
    const found = await this.ownRun(playerId, runId);
    if (!found.ok) return found;
    const run = await this.timed(found.value);
    if (run.status === 'over') return refuse('game-over', 'This rush is over.');
    if (index !== run.at || step !== run.step) {
      return refuse(
        'stale',
        `That answers puzzle ${index + 1} move ${step + 1}; the rush is at puzzle ${run.at + 1} move ${run.step + 1}.`,
      );
    }
    const puzzle = this.byId.get(run.puzzleIds[run.at]!);
    if (!puzzle) return refuse('no-such-puzzle', 'That puzzle is no longer on this server.');
    const judged = judgeMove(puzzle, step, move);
    if (!judged.ok) return judged;
    const { verdict } = judged.value;
    const now = this.now();
    const was = changeOf(run);
    const change: RushChange =
      verdict === 'right'
        ? { ...was, step: step + 1 }
        : verdict === 'solved'
          ? { ...was, at: run.at + 1, step: 0, score: run.score + 1 }
          : {
              ...was,
              at: run.at + 1,
              step: 0,
              mistakes: [...run.mistakes, { at: run.at, step, move }],
              endsAt: run.endsAt - RUSH_MISTAKE_MS,
            };
    const ends = change.mistakes.length >= RUSH_MISTAKES || change.at >= run.puzzleIds.length || now >= change.endsAt;
    const next = ends ? { ...change, status: 'over' as const, endedAt: Math.min(now, change.endsAt) } : change;
    if (!(await this.repo.update(run.id, run, next))) return refuse('stale', 'That move was already answered.');
    return { ok: true, value: { result: verdict, run: await this.wire({ ...run, ...next }) } };
  }

  private async ownRun(playerId: string, runId: string): Promise<Answer<PuzzleRushRow>> {
    const run = await this.repo.run(runId);
    if (!run || run.playerId !== playerId) return refuse('no-such-puzzle', 'That is not a rush of yours.');
    return { ok: true, value: run };
  }

  /** The run with its clock read: ended at its clock's end if that has passed. */
  private async timed(run: PuzzleRushRow): Promise<PuzzleRushRow> {
    if (run.status === 'over' || this.now() < run.endsAt) return run;
    const over = { ...run, status: 'over' as const, endedAt: run.endsAt };
    if (await this.repo.update(run.id, run, changeOf(over))) return over;
    // A move got there first: read what it wrote, and read the clock again.
    const fresh = await this.repo.run(run.id);
    return fresh ? this.timed(fresh) : over;
  }

  private wire(run: PuzzleRushRow): Promise<RushRun> {
    return run.status === 'open' ? this.playing(run) : this.over(run);
  }

  private async playing(run: PuzzleRushRow): Promise<RushPlaying> {
    const puzzle = this.puzzleOf(run, run.at);
    return {
      status: 'playing',
      runId: run.id,
      index: run.at,
      puzzleId: puzzle.id,
      view: gate.position(positionAt(puzzle, run.step)),
      step: run.step,
      steps: puzzle.solution.length,
      score: run.score,
      mistakes: run.mistakes.length,
      remainingMs: Math.max(0, run.endsAt - this.now()),
      best: (await this.repo.best(run.playerId, this.now())) ?? null,
    };
  }

  private async over(run: PuzzleRushRow): Promise<RushOver> {
    const endedBy =
      run.mistakes.length >= RUSH_MISTAKES
        ? 'mistakes'
        : run.at >= run.puzzleIds.length
          ? 'puzzles'
          : (run.endedAt ?? run.endsAt) < run.endsAt
            ? 'left'
            : 'time';
    return {
      status: 'over',
      runId: run.id,
      score: run.score,
      // A puzzle taken out of the shipped data since (ids are stable, so rarely) is left out.
      mistakes: run.mistakes.flatMap(({ at, step, move }) => {
        const puzzle = this.byId.get(run.puzzleIds[at]!);
        const right = puzzle?.solution[step];
        if (!puzzle || !right) return [];
        return [{ index: at, puzzleId: puzzle.id, view: gate.position(positionAt(puzzle, step)), played: move, right }];
      }),
      endedBy,
      best: Math.max(run.score, (await this.repo.best(run.playerId, this.now())) ?? 0),
    };
  }

  private puzzleOf(run: PuzzleRushRow, at: number): Puzzle {
    const puzzle = this.byId.get(run.puzzleIds[at]!);
    if (!puzzle) throw new Error(`rush ${run.id}: puzzle ${run.puzzleIds[at]} is not in the catalogue`);
    return puzzle;
  }
}

/** What a move or the clock may change in a run: its place, score, mistakes, clock and end. */
function changeOf(run: PuzzleRushRow): RushChange {
  const { at, step, score, mistakes, endsAt, status, endedAt } = run;
  return { at, step, score, mistakes, endsAt, status, endedAt };
}
