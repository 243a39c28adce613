import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { isVariantId, VARIANT_IDS } from '@scorpion/rules';
import { type Limits, solve } from '@scorpion/solver';
import type { DealPuzzles, MineOptions } from '@scorpion/solver/puzzles';
import { checkPuzzle } from '@scorpion/solver/puzzles';
import { type Args, type FlagSpec, numberFlag, stringFlag, UsageError } from '../args.ts';
import { readExport, runGamesMine, type WonGame } from '../puzzles/games.ts';
import { runMine } from '../puzzles/run.ts';
import { DEFAULT_PUZZLE_DIR, openPuzzles, parsePuzzleStem, puzzlePaths, puzzleStem } from '../puzzles/store.ts';
import { keyName, type StudyKey } from '../study/key.ts';
import { parseStudy } from '../study/results.ts';
import { studyPaths } from '../study/store.ts';
import { DEFAULT_STUDY_DIR } from './study.ts';

export const PUZZLES_MINE_FLAGS: FlagSpec = {
  variant: { type: 'string' },
  deals: { type: 'string' },
  foundations: { type: 'boolean' },
  open: { type: 'boolean' },
  'limit-nodes': { type: 'string' },
  'max-moves': { type: 'string' },
  dir: { type: 'string' },
  studies: { type: 'string' },
  games: { type: 'string' },
};

export const PUZZLES_PACK_FLAGS: FlagSpec = {
  dir: { type: 'string' },
  'limit-nodes': { type: 'string' },
};

/**
 * Nodes each move's verdict may cost. The miner and the check use the same budget, so a loss the
 * miner proved is proved again; a move the solver cannot decide within it makes no puzzle.
 */
export const PUZZLE_NODES = 200_000;
/** A puzzle's forced moves, at most: a longer run of them is cut into several puzzles. */
export const PUZZLE_MAX_MOVES = 4;

/** Node budget and no time limit: a verdict is the same on any machine, however loaded. */
function limitsOf(args: Args): Limits {
  return { nodes: numberFlag(args, 'limit-nodes') ?? PUZZLE_NODES, ms: 3_600_000, tableMegabytes: 32 };
}

function studyKeyOf(args: Args): StudyKey {
  const variant = stringFlag(args, 'variant') ?? 'scorpion';
  if (!isVariantId(variant)) throw new UsageError(`unknown variant ${variant}; one of ${VARIANT_IDS.join(', ')}`);
  return { variant, options: { foundations: args.flags.has('foundations'), open: args.flags.has('open') } };
}

/** The miner's budget and cut, as the flags say: the same for a study's deals and for public games. */
function mineOptionsOf(args: Args): MineOptions {
  const maxMoves = numberFlag(args, 'max-moves') ?? PUZZLE_MAX_MOVES;
  if (!Number.isInteger(maxMoves) || maxMoves < 1)
    throw new UsageError('--max-moves takes a whole number of at least 1');
  return { solve, limits: limitsOf(args), maxMoves, branches: true };
}

/**
 * `scorpion puzzles mine [--variant V] [--open] [--foundations] [--deals N] [--limit-nodes N]
 * [--max-moves M] [--dir D] [--studies S]`: goes through the won deals 0 … N − 1 of the variant's
 * win-rate study in S (all of them by default), skipping those already in `D/KEY.jsonl`, and
 * appends each deal's puzzles as it is done: stop it at any time and run it again to go on.
 * With `--games FILE[,FILE…]`, the won games of the site's public exports instead
 * (`puzzlesFromGames`).
 */
export function puzzlesMineCommand(args: Args, err: (text: string) => void): number {
  const games = stringFlag(args, 'games');
  if (games !== undefined) return puzzlesFromGames(args, games.split(','), err);
  const key = studyKeyOf(args);
  const { plain, packed } = studyPaths(stringFlag(args, 'studies') ?? DEFAULT_STUDY_DIR, key);
  const studyText = existsSync(plain)
    ? readFileSync(plain, 'utf8')
    : existsSync(packed)
      ? gunzipText(packed)
      : undefined;
  if (studyText === undefined) {
    err(`no win-rate study of ${keyName(key)} (${packed}): nothing to mine\n`);
    return 1;
  }
  const study = parseStudy(studyText).results;
  const deals = numberFlag(args, 'deals') ?? Math.max(0, ...study.keys()) + 1;
  const mine = mineOptionsOf(args);
  const file = openPuzzles(stringFlag(args, 'dir') ?? DEFAULT_PUZZLE_DIR, key);
  try {
    runMine({
      key,
      study,
      deals,
      file,
      mine,
      progress: (done, puzzles) => err(`${keyName(key)}: ${done} deals mined this run, ${puzzles} puzzles in all\n`),
    });
    return 0;
  } finally {
    file.close();
  }
}

/**
 * `scorpion puzzles mine --games FILE[,FILE…] [--dir D] [--limit-nodes N] [--max-moves M]`: the
 * won games of the site's monthly exports (`scorpion-games-MONTH.jsonl.gz` from `/api/exports`,
 * or the same unpacked) mined along the moves that won them, into `D/KEY+games.jsonl` per
 * variant and options, each deal once however many won it, and resumable as the study's mining
 * is. A line that is not a won game whose moves replay to a win is named and mined from nothing;
 * the exit status is then 1, after the other games are mined.
 */
function puzzlesFromGames(args: Args, paths: readonly string[], err: (text: string) => void): number {
  const mine = mineOptionsOf(args);
  const dir = stringFlag(args, 'dir') ?? DEFAULT_PUZZLE_DIR;
  const byStem = new Map<string, WonGame[]>();
  let refused = 0;
  for (const path of paths) {
    if (!existsSync(path)) throw new UsageError(`no export file ${path}`);
    const read = readExport(path.endsWith('.gz') ? gunzipText(path) : readFileSync(path, 'utf8'));
    for (const why of read.refused) err(`${path} ${why}\n`);
    refused += read.refused.length;
    err(`${path}: ${read.won.length} won games, ${read.notWon} not won\n`);
    for (const game of read.won) {
      const stem = puzzleStem(game.key, 'games');
      const games = byStem.get(stem) ?? [];
      games.push(game);
      byStem.set(stem, games);
    }
  }
  for (const [stem, games] of byStem) {
    const file = openPuzzles(dir, games[0]!.key, 'games');
    try {
      const mined = runGamesMine(games, file, mine, () => performance.now());
      const puzzles = [...file.deals.values()].reduce((sum, deal) => sum + deal.puzzles.length, 0);
      err(`${stem}: ${mined} deals mined this run, ${file.deals.size} in the file, ${puzzles} puzzles in all\n`);
    } finally {
      file.close();
    }
  }
  return refused > 0 ? 1 : 0;
}

function gunzipText(path: string): string {
  return gunzipSync(readFileSync(path)).toString('utf8');
}

/** A variant's mined puzzles: how many, and what the miner spent on them. */
export interface PuzzleRow {
  /** The file's stem: the variant and options, and `+games` for public games' deals. */
  readonly name: string;
  readonly deals: number;
  readonly puzzles: number;
  readonly ms: number;
}

/**
 * `scorpion puzzles pack [--dir D] [--limit-nodes N]`: checks every puzzle in D again with the
 * solver (`checkPuzzle`), then packs each file into `KEY.jsonl.gz` (deals in order) and prints
 * the count per variant with the miner's time per puzzle. Writes nothing when a check fails.
 */
export function puzzlesPackCommand(args: Args, out: (text: string) => void, err: (text: string) => void): number {
  const dir = stringFlag(args, 'dir') ?? DEFAULT_PUZZLE_DIR;
  const limits = limitsOf(args);
  const stems = existsSync(dir)
    ? [...new Set(readdirSync(dir).flatMap((name) => /^(.*)\.jsonl(\.gz)?$/.exec(name)?.[1] ?? []))]
    : [];
  const files = stems.flatMap((stem) => {
    const named = parsePuzzleStem(stem);
    if (!named) return [];
    const file = openPuzzles(dir, named.key, named.source);
    file.close();
    return [{ ...named, stem, deals: [...file.deals.values()].sort((a, b) => a.index - b.index) }];
  });
  if (files.length === 0) {
    err(`no puzzle file in ${dir}: nothing checked or written\n`);
    return 1;
  }
  const problems = files.flatMap(({ key, stem, deals }) =>
    deals.flatMap((deal) =>
      deal.puzzles.flatMap((puzzle) => {
        const problem = checkPuzzle(key, puzzle, solve, limits);
        const at = puzzle.branch === undefined ? '' : ` branch ${puzzle.branch}`;
        return problem ? [`${stem} deal ${deal.index}${at} ply ${puzzle.ply}: ${problem}`] : [];
      }),
    ),
  );
  if (problems.length > 0) {
    err(`${problems.join('\n')}\n`);
    return 1;
  }
  for (const { key, source, deals } of files) {
    const text = deals.map((deal) => `${JSON.stringify(deal)}\n`).join('');
    writeFileSync(puzzlePaths(dir, key, source).packed, gzipSync(text, { level: 9 }));
  }
  out(`${puzzleTable(files.map(({ stem, deals }) => puzzleRow(stem, deals)))}\n`);
  return 0;
}

export function puzzleRow(name: string, deals: readonly DealPuzzles[]): PuzzleRow {
  return {
    name,
    deals: deals.length,
    puzzles: deals.reduce((sum, deal) => sum + deal.puzzles.length, 0),
    ms: deals.reduce((sum, deal) => sum + deal.ms, 0),
  };
}

/** The rows as the markdown table of `bench/README.md`. */
export function puzzleTable(rows: readonly PuzzleRow[]): string {
  const lines = [
    '| variant | won deals mined | puzzles | miner ms per puzzle |',
    '|---|--:|--:|--:|',
    ...rows.map(
      (r) => `| ${r.name} | ${r.deals} | ${r.puzzles} | ${r.puzzles > 0 ? Math.round(r.ms / r.puzzles) : '–'} |`,
    ),
  ];
  const total = rows.reduce((sum, r) => ({ puzzles: sum.puzzles + r.puzzles, ms: sum.ms + r.ms }), {
    puzzles: 0,
    ms: 0,
  });
  lines.push(
    `| all | ${rows.reduce((s, r) => s + r.deals, 0)} | ${total.puzzles} | ${total.puzzles > 0 ? Math.round(total.ms / total.puzzles) : '–'} |`,
  );
  return lines.join('\n');
}
