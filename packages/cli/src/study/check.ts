import { dealFromSeed, newGame, replay } from '@scorpion/rules';
import type { StudyKey } from './key.ts';
import type { StudyResult } from './results.ts';
import { studySeed } from './seeds.ts';

/**
 * What is wrong with a study's results, one sentence each (none when all is well): a seed that
 * is not the deal's number's, or a win whose line does not win that deal under the rules.
 * Losses are not re-proved here (that is a search as long as the study's); anyone can re-prove
 * one with `scorpion deal --seed S | scorpion solve`.
 */
export function checkStudy(key: StudyKey, results: Iterable<StudyResult>): string[] {
  const problems: string[] = [];
  for (const r of results) {
    if (r.seed !== studySeed(key.variant, r.index)) {
      problems.push(`deal ${r.index}: seed ${r.seed} is not the study's seed for it`);
      continue;
    }
    if (r.result !== 'win') continue;
    const played = replay(newGame(key.variant, key.options, dealFromSeed(key.variant, r.seed)), r.line);
    if (!played.ok) problems.push(`deal ${r.index}: move ${played.illegalAt} of its winning line is illegal`);
    else if (played.status !== 'won')
      problems.push(`deal ${r.index}: its winning line ends with the game ${played.status}`);
  }
  return problems;
}
