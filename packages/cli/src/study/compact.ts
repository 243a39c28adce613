import { dealFromSeed, newGame } from '@scorpion/rules';
import { shortenLine } from '@scorpion/solver';
import type { StudyKey } from './key.ts';
import type { Study } from './load.ts';
import type { StudyResult } from './results.ts';

/**
 * A result as it is committed: a win recorded before the pool shortened lines (it has no
 * `solverMoves`) gets its line shortened now, keeping the found line's length for the rating.
 */
export function compactResult(key: StudyKey, r: StudyResult): StudyResult {
  if (r.result !== 'win' || r.solverMoves !== undefined) return r;
  const start = newGame(key.variant, key.options, dealFromSeed(key.variant, r.seed));
  return { ...r, line: shortenLine(start, r.line), solverMoves: r.line.length };
}

export function compactStudy(study: Study): Study {
  const compact = (r: StudyResult) => compactResult(study.key, r);
  return { ...study, results: study.results.map(compact), beyond: study.beyond.map(compact) };
}
