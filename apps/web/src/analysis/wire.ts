import type { LineAnalysis } from '@scorpion/protocol';
import type { LineAnalysis as SolverLineAnalysis } from '@scorpion/solver/analysis';

/** The solver's analysis as the server stores it and the panel reads it (no turning point: null). */
export function wireAnalysis({ verdicts, turningPoint }: SolverLineAnalysis): LineAnalysis {
  return {
    verdicts: [...verdicts],
    turningPoint: turningPoint ? { move: turningPoint.move, winningLine: [...turningPoint.winningLine] } : null,
  };
}
