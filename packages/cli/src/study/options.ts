import { keyName, type StudyKey } from './key.ts';
import type { Study } from './load.ts';
import type { StudyResult } from './results.ts';

/**
 * An option only adds moves. With `open` every card is face up from the deal, so a move that is
 * legal while some cards are face down is legal too (the same cards move, onto the same tops);
 * `foundations` adds putting a finished run aside and bringing it back, and takes nothing away.
 * So a line that wins a deal wins it in every row of the same variant with more options: a deal
 * won in one row and proved lost in a row with more options would be a wrong loss proof.
 * Checking that, deal by deal, tests the solver's proofs against each other's wins.
 */
function hasMoreOptions(base: StudyKey, wider: StudyKey): boolean {
  return (
    base.variant === wider.variant &&
    keyName(base) !== keyName(wider) &&
    (!base.options.open || wider.options.open) &&
    (!base.options.foundations || wider.options.foundations)
  );
}

/** What an option row adds to its variant's plain row, on the deals both have. */
export interface OptionGain {
  readonly key: string;
  readonly base: string;
  /** Deals in both rows. */
  readonly shared: number;
  /** Of those, won with the options and not proved won without them (lost or unknown there). */
  readonly gained: number;
}

function byIndex(study: Study): Map<number, StudyResult> {
  return new Map([...study.results, ...study.beyond].map((r) => [r.index, r]));
}

/** One sentence per deal won in a row and proved lost in a row of the same variant with more options. */
export function optionContradictions(studies: readonly Study[]): string[] {
  const problems: string[] = [];
  for (const base of studies) {
    const baseResults = byIndex(base);
    for (const wider of studies) {
      if (!hasMoreOptions(base.key, wider.key)) continue;
      for (const r of byIndex(wider).values()) {
        if (r.result === 'loss' && baseResults.get(r.index)?.result === 'win') {
          problems.push(
            `deal ${r.index}: won in ${keyName(base.key)} but proved lost in ${keyName(wider.key)}, which only adds moves`,
          );
        }
      }
    }
  }
  return problems;
}

/** For each row with options, what it wins beyond the plain row of its variant (when there is one). */
export function optionGains(studies: readonly Study[]): OptionGain[] {
  const gains: OptionGain[] = [];
  for (const base of studies) {
    if (base.key.options.open || base.key.options.foundations) continue;
    const baseResults = byIndex(base);
    for (const wider of studies) {
      if (!hasMoreOptions(base.key, wider.key)) continue;
      let shared = 0;
      let gained = 0;
      for (const r of wider.results) {
        const without = baseResults.get(r.index);
        if (without === undefined) continue;
        shared++;
        if (r.result === 'win' && without.result !== 'win') gained++;
      }
      gains.push({ key: keyName(wider.key), base: keyName(base.key), shared, gained });
    }
  }
  return gains;
}
