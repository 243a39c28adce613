import { type GameRecord, type GameState, type Options, parseRecord, replay, type VariantId } from '@scorpion/rules';
import { type Certificate, type CertifiedDeal, certifyDeal, findCertifiedDeal } from './certify.ts';
import { type Hint, hint } from './hint.ts';
import { solve } from './solve.ts';
import type { Limits, SolveResult } from './types.ts';

/** A position given as a full state, or as a game record whose moves are played first. */
export type PositionInput = GameState | GameRecord;

/** What a worker can be asked to do; plain data, so it crosses `postMessage` as is. */
export type Task =
  | { readonly kind: 'solve'; readonly position: PositionInput; readonly limits?: Limits }
  | { readonly kind: 'hint'; readonly position: PositionInput; readonly limits?: Limits }
  | {
      readonly kind: 'certify';
      readonly variant: VariantId;
      readonly options: Options;
      readonly deck: readonly number[];
      readonly limits?: Limits;
    }
  | {
      readonly kind: 'find';
      readonly variant: VariantId;
      readonly options: Options;
      /** Candidate seeds in order (a function cannot cross to a thread). */
      readonly seeds: readonly string[];
      readonly limits?: Limits;
    };

/** The state a position input stands for; throws on a bad record (the caller's mistake). */
export function stateOf(position: PositionInput): GameState {
  if (!('deck' in position)) return position;
  const parsed = parseRecord(position);
  if (!parsed.ok) throw new Error(`not a playable record: ${parsed.error}`);
  const played = replay(parsed.start, parsed.record.moves);
  if (!played.ok) throw new Error(`move ${played.illegalAt} of the record is illegal: ${played.reason}`);
  return played.state;
}

export function runTask(task: Task): SolveResult | Hint | Certificate | CertifiedDeal | undefined {
  switch (task.kind) {
    case 'solve':
      return solve(stateOf(task.position), task.limits);
    case 'hint':
      return hint(stateOf(task.position), task.limits);
    case 'certify':
      return certifyDeal(task.variant, task.options, task.deck, task.limits);
    case 'find': {
      const { variant, options, seeds, limits } = task;
      const seedAt = (counter: number) => seeds[counter]!;
      return findCertifiedDeal({
        variant,
        options,
        seedAt,
        maxCandidates: seeds.length,
        ...(limits ? { budget: limits } : {}),
      });
    }
  }
}
