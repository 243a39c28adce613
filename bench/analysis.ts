import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  applyMove,
  DEFAULT_OPTIONS,
  dealFromSeed,
  type GameState,
  gameStatus,
  isVariantId,
  legalMoves,
  type Move,
  newGame,
  Sfc32,
} from '@scorpion/rules';
import { ANALYSIS_LIMITS, analyseLine } from '@scorpion/solver';
import { lostPracticeLine, PRACTICE_SEED } from '../e2e/fixtures/analysis.ts';
import { openWin, openWinDeck } from '../e2e/fixtures/deals.ts';

/*
 * The analysis bench: `tsx bench/analysis.ts [--deals N]` (default 100 reference deals; `--quick`: 10).
 * Each game is analysed as the replay page analyses it (`analyseLine`, ANALYSIS_LIMITS: verdicts
 * along the line, the turning point and a winning line before it), one after another on this
 * thread. The games: the e2e fixtures' won and lost games, and the first reference deals of
 * bench/solver-seeds.txt played out by a fixed weak player.
 */
const quick = process.argv.includes('--quick');
const dealsAt = process.argv.indexOf('--deals');
const DEALS = dealsAt >= 0 ? Number(process.argv[dealsAt + 1]) : quick ? 10 : 100;
/** The weak player gives up after this many moves (a person would, on a deal going nowhere). */
const MAX_MOVES = 150;

/**
 * A fixed weak player: a legal move at random (seeded by the deal), never taking the previous
 * move straight back; it plays until the game ends, it is stuck, or `MAX_MOVES`. It loses
 * nearly every deal, most of them winnable at its start: the games an analysis is asked for.
 */
function weakLine(start: GameState, seed: string): Move[] {
  const rng = new Sfc32(seed);
  const line: Move[] = [];
  let state = start;
  let before = '';
  while (gameStatus(state) === 'playing' && line.length < MAX_MOVES) {
    const options: { move: Move; next: GameState }[] = [];
    for (const move of legalMoves(state)) {
      const next = applyMove(state, move);
      if (next.ok && JSON.stringify(next.state) !== before) options.push({ move, next: next.state });
    }
    if (options.length === 0) break;
    const pick = options[rng.below(options.length)]!;
    line.push(pick.move);
    before = JSON.stringify(state);
    state = pick.next;
  }
  return line;
}

interface Game {
  readonly name: string;
  readonly start: GameState;
  readonly line: readonly Move[];
}

const games: Game[] = [
  {
    name: 'e2e open win',
    start: newGame('scorpion', { foundations: false, open: true }, openWinDeck()),
    line: openWin.moves,
  },
  {
    name: 'e2e lost practice',
    start: newGame('scorpion', DEFAULT_OPTIONS, dealFromSeed('scorpion', PRACTICE_SEED)),
    line: lostPracticeLine(),
  },
];
const seeds = readFileSync(join(import.meta.dirname, 'solver-seeds.txt'), 'utf8')
  .split('\n')
  .map((row) => row.split(' '))
  .filter(([variant]) => variant === 'scorpion')
  .slice(0, DEALS);
for (const [variant, seed] of seeds) {
  if (!isVariantId(variant) || !seed) continue;
  const start = newGame(variant, DEFAULT_OPTIONS, dealFromSeed(variant, seed));
  games.push({ name: seed, start, line: weakLine(start, seed) });
}

interface Row {
  readonly fixture: boolean;
  readonly ms: number;
  readonly moves: number;
  readonly solves: number;
  readonly turned: boolean;
  readonly undecided: boolean;
}
const rows: Row[] = games.map((game, i) => {
  const began = performance.now();
  const analysis = analyseLine(game.start, game.line, ANALYSIS_LIMITS);
  const ms = performance.now() - began;
  if (process.argv.includes('--verbose')) {
    console.error(
      `${game.name} moves=${game.line.length} solves=${analysis.solves} turn=${analysis.turningPoint?.move} ${Math.round(ms)} ms`,
    );
  }
  return {
    fixture: i < 2,
    ms,
    moves: game.line.length,
    solves: analysis.solves,
    turned: analysis.turningPoint !== undefined,
    undecided: analysis.verdicts.includes('not-decided'),
  };
});

const quantile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};

console.log(`## Analysis of a whole game (one core, ${ANALYSIS_LIMITS.nodes?.toLocaleString('en')} nodes a solve)\n`);
console.log(
  '| games | count | moves (median) | solves (median) | turning point found | not decided | ms median | ms p99 | ms max |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const [name, mine] of [
  ['e2e fixtures (won, lost)', rows.filter((r) => r.fixture)],
  [`reference deals, weak player`, rows.filter((r) => !r.fixture)],
  ['all', rows],
] as const) {
  const ms = mine.map((r) => r.ms);
  console.log(
    `| ${name} | ${mine.length} | ${quantile(
      mine.map((r) => r.moves),
      0.5,
    )} | ${quantile(
      mine.map((r) => r.solves),
      0.5,
    )} | ${mine.filter((r) => r.turned).length} | ${mine.filter((r) => r.undecided).length} | ` +
      `${Math.round(quantile(ms, 0.5))} | ${Math.round(quantile(ms, 0.99))} | ${Math.round(Math.max(...ms))} |`,
  );
}
