import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { cardCode, dealFromSeed } from '@scorpion/rules';
import { parseStudy } from '../study/results.ts';
import { studyPaths } from '../study/store.ts';
import { openPuzzles } from './store.ts';

/**
 * For the tests of mining public games: a deal of the open study whose winning line has a puzzle
 * on it (the shipped puzzle file says which), its line, and lines of a month's export
 * (docs/open-data.md) that play it.
 */
const root = join(import.meta.dirname, '../../../..');
export const KEY = { variant: 'scorpion', options: { foundations: false, open: true } } as const;
export const DEAL = 11645;
const study = parseStudy(
  gunzipSync(readFileSync(studyPaths(join(root, 'docs/win-rates/data'), KEY).packed)).toString('utf8'),
).results.get(DEAL)!;
if (study.result !== 'win') throw new Error(`deal ${DEAL} of the study is not won`);
/** The study's winning line of the deal. */
export const LINE = study.line;
const shipped = openPuzzles(join(root, 'docs/puzzles/data'), KEY);
shipped.close();
/** The puzzles the study's miner found on the deal's line. */
export const SHIPPED_PUZZLES = shipped.deals.get(DEAL)!.puzzles;

/** One line of a month's export of the deal, with `moves` and `status` as given. */
export function exported(player: string, moves: readonly unknown[], status = 'won'): string {
  return JSON.stringify({
    ...KEY,
    deck: dealFromSeed(KEY.variant, study.seed).map(cardCode),
    moves,
    kind: 'practice',
    game: `g-${player}`,
    player,
    ranked: false,
    status,
    timeMs: 60_000,
    undos: 0,
    finishedAt: '2026-12-01T10:00:00.000Z',
    daily: null,
  });
}
