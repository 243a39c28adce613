import type { Limits } from '../types.ts';
import { CLAIRVOYANCE_OPTIONS, type Clairvoyance, type ClairvoyanceOptions, clairvoyance } from './clairvoyance.ts';
import { type PlayedGame, replayPlayed } from './played.ts';
import { type Timing, timingOf } from './timing.ts';
import { ANALYSIS_LIMITS, analyseLine, type LineAnalysis } from './verdicts.ts';

/** Stored with every result: a score from another version of this code is computed again, not compared. */
export const EVIDENCE_VERSION = 3;

/**
 * A ranked result is held for a person to look at when its clairvoyance score reaches this:
 * ln(100) nats, the moves' outcomes 100 times likelier from one who saw the hidden cards. For
 * one who does not, the chance of ever reaching it is at most 1/100 (see `clairvoyance`), the
 * issue's ceiling on honest games held; the bench (bench/README.md) measures the actual share.
 */
export const HOLD_SCORE = Math.log(100);

/** Whether a score holds its result (off the board, under review) until a person decides. */
export function isHeld(score: number, threshold: number = HOLD_SCORE): boolean {
  return score >= threshold;
}

/** The evidence of one finished game: the score that may hold it, and the signals shown beside it. */
export interface GameEvidence {
  readonly version: number;
  /** The clairvoyance score (nats): the only signal that holds a result. */
  readonly score: number;
  readonly held: boolean;
  readonly clairvoyance: Omit<Clairvoyance, 'score' | 'solves' | 'nodes'>;
  readonly timing: Timing;
  readonly undos: number;
  readonly redos: number;
  readonly hints: number;
  /** The line as it ended, position by position (winnable, lost, not decided) and its turning point. */
  readonly analysis: Pick<LineAnalysis, 'verdicts' | 'turningPoint'>;
  /** What the solver spent on it all. */
  readonly solves: number;
  readonly nodes: number;
}

export interface EvidenceOptions {
  readonly clairvoyance?: Omit<ClairvoyanceOptions, 'seed'>;
  readonly analysis?: Limits;
}

/**
 * Everything the moves of a finished game say. `seed` (32 hex digits, say from the game's id)
 * draws the completions, so the same game always gets the same evidence.
 */
export function gameEvidence(game: PlayedGame, seed: string, options: EvidenceOptions = {}): GameEvidence {
  const played = replayPlayed(game);
  const seen = clairvoyance(played.decisions, { ...(options.clairvoyance ?? CLAIRVOYANCE_OPTIONS), seed });
  const analysis = analyseLine(played.start, played.line, options.analysis ?? ANALYSIS_LIMITS);
  const { score, solves, nodes, ...positions } = seen;
  return {
    version: EVIDENCE_VERSION,
    score,
    held: isHeld(score),
    clairvoyance: positions,
    timing: timingOf(played.decisions.map((d) => d.thinkMs)),
    undos: played.undos,
    redos: played.redos,
    hints: game.hints ?? 0,
    analysis: { verdicts: analysis.verdicts, turningPoint: analysis.turningPoint },
    solves: solves + analysis.solves,
    nodes: nodes + analysis.nodes,
  };
}
