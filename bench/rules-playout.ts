import {
  applyMove,
  dealFromSeed,
  FastBoard,
  type GameState,
  legalMoves,
  newGame,
  Sfc32,
  type VariantId,
} from '@scorpion/rules';

/**
 * Random playouts from seeded deals: generate the legal moves, play one chosen by a seeded
 * generator, until the game ends or 200 moves. The figure is moves per second for that whole
 * loop, the median of several rounds; one core. Two engines are measured: the mutable
 * typed-array `FastBoard` (what the solver and hot loops use) and the immutable
 * `legalMoves`/`applyMove` API (what the server and web app use; it also works out whether a
 * move ends the game).
 */
export interface PlayoutFigure {
  readonly engine: 'fast-board' | 'immutable';
  readonly variant: VariantId;
  readonly movesPerSecond: number;
  readonly nsPerMove: number;
}

const MAX_PLIES = 200;

function seedFor(i: number): string {
  return i.toString(16).padStart(32, '0');
}

function startsFor(variant: VariantId, games: number): GameState[] {
  return Array.from({ length: games }, (_, g) =>
    newGame(variant, { foundations: false, open: false }, dealFromSeed(variant, seedFor(g + 1))),
  );
}

/** Boards are built before the clock starts: the figure is generation + play only. */
function fastPlayouts(boards: FastBoard[], rng: Sfc32): number {
  const buffer = new Int32Array(1024);
  let moves = 0;
  for (const board of boards) {
    for (let ply = 0; ply < MAX_PLIES; ply++) {
      const count = board.generate(buffer);
      if (count === 0) break;
      board.play(buffer[rng.below(count)]!);
      moves++;
    }
  }
  return moves;
}

function immutablePlayouts(starts: readonly GameState[], rng: Sfc32): number {
  let moves = 0;
  for (let state of starts) {
    for (let ply = 0; ply < MAX_PLIES; ply++) {
      const legal = legalMoves(state);
      if (legal.length === 0) break;
      const result = applyMove(state, legal[rng.below(legal.length)]);
      if (!result.ok) throw new Error('a generated move was illegal');
      state = result.state;
      moves++;
    }
  }
  return moves;
}

export function measurePlayouts(
  engine: PlayoutFigure['engine'],
  variant: VariantId,
  rounds = 7,
  games = 500,
): PlayoutFigure {
  const starts = startsFor(variant, games);
  if (engine === 'fast-board') fastPlayouts(starts.map(FastBoard.fromState), new Sfc32(seedFor(0)));
  else immutablePlayouts(starts, new Sfc32(seedFor(0)));
  const rates: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const rng = new Sfc32(seedFor(r + 1));
    const boards = engine === 'fast-board' ? starts.map(FastBoard.fromState) : [];
    const start = process.hrtime.bigint();
    const moves = engine === 'fast-board' ? fastPlayouts(boards, rng) : immutablePlayouts(starts, rng);
    rates.push(moves / (Number(process.hrtime.bigint() - start) / 1e9));
  }
  rates.sort((a, b) => a - b);
  const movesPerSecond = rates[Math.floor(rates.length / 2)]!;
  return { engine, variant, movesPerSecond, nsPerMove: 1e9 / movesPerSecond };
}

export function formatFigure(f: PlayoutFigure): string {
  const rate = Math.round(f.movesPerSecond).toLocaleString('en');
  return `| ${f.engine} | ${f.variant} | ${rate} | ${f.nsPerMove.toFixed(0)} |`;
}
