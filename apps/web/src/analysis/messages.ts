import type { LineAnalysis } from '@scorpion/protocol';
import type { GameState, Move } from '@scorpion/rules';

/** The replay page asks its analysis worker about one line: the full start (a public deal) and the moves played. */
export interface AnalysisRequest {
  readonly start: GameState;
  readonly moves: readonly Move[];
}

/** The analysis as the server would store it, or why there is none. */
export type AnalysisReply = { readonly analysis: LineAnalysis } | { readonly error: string };
