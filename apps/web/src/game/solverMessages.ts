import type { GameState, Options, VariantId } from '@scorpion/rules';
import type { Hint } from '@scorpion/solver/hint';
import type { Limits } from '@scorpion/solver/types';
import type { WinnableDeal } from './winnable.ts';

/** What the page asks the solver worker, by task. */
export type SolverTask =
  | { readonly task: 'hint'; readonly state: GameState; readonly limits: Limits }
  | { readonly task: 'winnable'; readonly variant: VariantId; readonly options: Options };

/** What each task answers. */
export interface SolverAnswers {
  readonly hint: Hint;
  readonly winnable: WinnableDeal;
}

/** Requests carry an id so that a reply finds its caller, whatever else is queued. */
export type SolverRequest = SolverTask & { readonly id: number };

export type SolverReply =
  | { readonly id: number; readonly answer: SolverAnswers[keyof SolverAnswers] }
  | { readonly id: number; readonly error: string };
