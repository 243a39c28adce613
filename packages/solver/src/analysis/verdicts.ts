import { applyMove, type GameState, isWon, type Move } from '@scorpion/rules';
import { solve } from '../solve.ts';
import type { Limits } from '../types.ts';

/** What the solver says of one position of a line, within its node budget. */
export type PositionVerdict = 'winnable' | 'lost' | 'not-decided';

/** The first move after which the deal could no longer be won, and a win from the position before it. */
export interface TurningPoint {
  /** 0-based index in the line of the move that lost the deal. */
  readonly move: number;
  readonly winningLine: readonly Move[];
}

export interface LineAnalysis {
  /** One verdict per position: the start, then the position after each move. */
  readonly verdicts: readonly PositionVerdict[];
  /** Undefined when the line never lost a winnable deal, or the solver could not tell where. */
  readonly turningPoint: TurningPoint | undefined;
  /** Positions actually searched (about log2 of the line's length). */
  readonly solves: number;
  readonly nodes: number;
}

/**
 * Analysis budgets are node limits, so that every machine reaches the same verdicts; the time
 * limit is only a backstop far beyond what the nodes take.
 */
export const ANALYSIS_LIMITS: Limits = { nodes: 2_000_000, ms: 600_000, tableMegabytes: 32 };

/** The full states along `moves` from `start`; throws on an illegal move (a stored game replays). */
export function positionsAlong(start: GameState, moves: readonly Move[]): GameState[] {
  const states = [start];
  for (const [i, move] of moves.entries()) {
    const result = applyMove(states[i]!, move);
    if (!result.ok) throw new Error(`move ${i + 1} of ${moves.length} is illegal: ${result.reason}`);
    states.push(result.state);
  }
  return states;
}

/**
 * The verdict of every position along a played line and its turning point. A position reached
 * from a lost one is lost, and one that leads to a winnable one is winnable, so the verdicts are
 * monotone: winnable up to the turning point, lost after it. So the solver is asked only at the
 * ends and then by bisection (about log2(moves) solves), and the rest is inferred. A position
 * the solver cannot decide within `limits` stops the bisection: what lies between the last
 * proven win and the first proven loss is `not-decided`.
 */
export function analyseLine(start: GameState, moves: readonly Move[], limits: Limits = ANALYSIS_LIMITS): LineAnalysis {
  const states = positionsAlong(start, moves);
  const last = states.length - 1;
  const lines = new Map<number, readonly Move[]>();
  let solves = 0;
  let nodes = 0;
  const ask = (i: number): PositionVerdict => {
    if (isWon(states[i]!)) {
      lines.set(i, []);
      return 'winnable';
    }
    const verdict = solve(states[i]!, limits);
    solves++;
    nodes += verdict.nodes;
    if (verdict.result === 'win') {
      lines.set(i, verdict.line);
      return 'winnable';
    }
    return verdict.result === 'loss' ? 'lost' : 'not-decided';
  };
  /** Every index up to `won` is winnable; every index from `lost` on is lost. */
  let won = -1;
  let lost = states.length;
  const record = (i: number, verdict: PositionVerdict) => {
    if (verdict === 'winnable') won = Math.max(won, i);
    else if (verdict === 'lost') lost = Math.min(lost, i);
  };
  record(last, ask(last));
  if (won < last) {
    record(0, ask(0));
    while (won >= 0 && lost <= last && lost - won > 1) {
      const mid = won + Math.floor((lost - won) / 2);
      const verdict = ask(mid);
      record(mid, verdict);
      if (verdict === 'not-decided') break;
    }
  }
  const verdicts = states.map((_, i): PositionVerdict => (i <= won ? 'winnable' : i >= lost ? 'lost' : 'not-decided'));
  const turningPoint =
    won >= 0 && lost <= last && lost === won + 1 ? { move: won, winningLine: lines.get(won)! } : undefined;
  return { verdicts, turningPoint, solves, nodes };
}
