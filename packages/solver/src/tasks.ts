import { type GameState, newGame, type Options, type VariantId } from '@scorpion/rules';
import { type EvidenceOptions, type GameEvidence, gameEvidence } from './analysis/evidence.ts';
import type { PlayedGame } from './analysis/played.ts';
import { type Certificate, certifyDeal } from './certify.ts';
import { type Hint, hint } from './hint.ts';
import { shortenLine } from './shorten.ts';
import { solve } from './solve.ts';
import type { Limits, SolveResult } from './types.ts';

/**
 * What a worker can be asked to do; plain data, so it crosses `postMessage` as is. The server
 * certifies deals on its threads (the daily deal, "winnable only" races); `scorpion study`
 * solves whole deals on them to the end (a verdict, not just "winnable or not"); the server's
 * evidence runner weighs finished games on them (`analysis/evidence.ts`) and answers the hints
 * of practice games it dealt (their face-down cards never leave it). The web app runs its own
 * solver in a browser worker for the deals the player holds.
 */
export type Task =
  | {
      readonly kind: 'certify';
      readonly variant: VariantId;
      readonly options: Options;
      readonly deck: readonly number[];
      readonly limits?: Limits;
    }
  | {
      readonly kind: 'solve-deal';
      readonly variant: VariantId;
      readonly options: Options;
      readonly deck: readonly number[];
      readonly limits?: Limits;
    }
  | {
      readonly kind: 'hint';
      readonly state: GameState;
      readonly limits?: Limits;
    }
  | {
      readonly kind: 'evidence';
      readonly game: PlayedGame;
      readonly seed: string;
      readonly options?: EvidenceOptions;
    };

/**
 * A whole deal's verdict. A win's line is shortened (`shortenLine`: the search's first line
 * wanders, and a study keeps every line); `solverMoves` is the length of the line the search
 * found, which the difficulty rating reads, as it does when certifying.
 */
export type DealVerdict = SolveResult & { readonly solverMoves?: number };

export function solveDeal(task: Extract<Task, { kind: 'solve-deal' }>): DealVerdict {
  const start = newGame(task.variant, task.options, task.deck);
  const verdict = solve(start, task.limits);
  if (verdict.result !== 'win') return verdict;
  return { ...verdict, line: shortenLine(start, verdict.line), solverMoves: verdict.line.length };
}

export function runTask(task: Task): Certificate | DealVerdict | GameEvidence | Hint {
  if (task.kind === 'hint') return hint(task.state, task.limits);
  if (task.kind === 'solve-deal') return solveDeal(task);
  if (task.kind === 'evidence') return gameEvidence(task.game, task.seed, task.options);
  return certifyDeal(task.variant, task.options, task.deck, task.limits);
}
