import {
  codeKind,
  dealFromSeed,
  FastBoard,
  type GameState,
  KIND_DEAL,
  newGame,
  type Options,
  positionFromText,
  replay,
  Sfc32,
  VARIANT_IDS,
  type VariantId,
} from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { referenceSolve } from './reference.ts';
import { findSafeBuild } from './safe.ts';
import { search } from './search.ts';
import { nearlySolved, smallPosition } from './small.ts';
import { solve } from './solve.ts';
import { TranspositionTable } from './table.ts';

const LIMITS = { nodes: 2_000_000, tableMegabytes: 8 };
/** Exhaustive searches: up to 9 s for one test seen while two suites shared two cores. */
const SEARCH_MS = 60_000;

function seedOf(i: number): string {
  return (i + 1).toString(16).padStart(32, 'a');
}

/** The solver and the plain exhaustive search agree on every position the reference decides. */
function crossCheck(variant: VariantId, suits: number, columns: number, count: number, options?: Partial<Options>) {
  const tally = { win: 0, loss: 0 };
  for (let i = 0; i < count; i++) {
    const start = smallPosition(variant, seedOf(i), { suits, columns, ...(options ? { options } : {}) });
    const expected = referenceSolve(start, 60_000);
    if (expected.result === 'unknown') continue;
    const actual = solve(start, LIMITS);
    expect({ seed: seedOf(i), result: actual.result }).toEqual({ seed: seedOf(i), result: expected.result });
    if (actual.result === 'win') {
      expect(replay(start, actual.line)).toMatchObject({ ok: true, status: 'won' });
    }
    tally[expected.result]++;
  }
  return tally;
}

describe('solve agrees with the exhaustive reference search', { timeout: SEARCH_MS }, () => {
  for (const variant of VARIANT_IDS) {
    it(`${variant}: one suit`, () => {
      const columns = variant === 'three-blind-mice' ? 5 : 4;
      const count = variant === 'double-scorpion' ? 8 : 25;
      const tally = crossCheck(variant, 1, columns, count);
      expect(tally.win + tally.loss).toBeGreaterThan(count / 2);
    });
  }
  for (const variant of ['scorpion', 'wasp', 'scorpion-ii', 'three-blind-mice'] as const) {
    it(`${variant}: two suits`, () => {
      const tally = crossCheck(variant, 2, variant === 'three-blind-mice' ? 6 : 5, 6);
      expect(tally.win + tally.loss).toBeGreaterThan(3);
    });
  }
  for (const variant of ['scorpion', 'three-blind-mice', 'double-scorpion'] as const) {
    it(`${variant}: one suit, with foundations`, () => {
      crossCheck(variant, 1, variant === 'three-blind-mice' ? 5 : 4, variant === 'double-scorpion' ? 4 : 12, {
        foundations: true,
      });
    });
  }
  // All face up (the open option): nothing is hidden, so every column is open from the start.
  for (const variant of VARIANT_IDS) {
    it(`${variant}: one suit, all face up`, () => {
      const count = variant === 'double-scorpion' ? 8 : 25;
      const tally = crossCheck(variant, 1, variant === 'three-blind-mice' ? 5 : 4, count, { open: true });
      expect(tally.win + tally.loss).toBeGreaterThan(count / 2);
    });
  }
  for (const variant of ['scorpion', 'wasp', 'scorpion-ii', 'three-blind-mice'] as const) {
    it(`${variant}: two suits, all face up`, () => {
      const tally = crossCheck(variant, 2, variant === 'three-blind-mice' ? 6 : 5, 6, { open: true });
      expect(tally.win + tally.loss).toBeGreaterThan(3);
    });
  }
  it('both find wins and losses among those positions', () => {
    const tally = crossCheck('scorpion', 1, 4, 25);
    expect(tally.win).toBeGreaterThan(5);
    expect(tally.loss).toBeGreaterThan(5);
  });
});

describe('solve agrees with the reference near the end of a game (safe builds, deadlocks)', {
  timeout: SEARCH_MS,
}, () => {
  for (const variant of ['scorpion', 'wasp', 'three-blind-mice', 'double-scorpion'] as const) {
    it(`${variant}`, () => {
      const tally = { win: 0, loss: 0 };
      const suits = variant === 'double-scorpion' ? 1 : 2;
      for (let i = 0; i < 40; i++) {
        const start = nearlySolved(variant, seedOf(i), { suits, columns: 4, cuts: 3 + (i % 5) });
        const expected = referenceSolve(start, 30_000);
        if (expected.result === 'unknown') continue;
        const actual = solve(start, LIMITS);
        expect({ seed: seedOf(i), result: actual.result }).toEqual({ seed: seedOf(i), result: expected.result });
        if (actual.result === 'win') expect(replay(start, actual.line)).toMatchObject({ ok: true, status: 'won' });
        tally[expected.result]++;
      }
      expect(tally.win).toBeGreaterThan(3);
      expect(tally.loss).toBeGreaterThan(1);
    });
  }
});

describe('complete runs go to their foundation at once (with the foundations option)', { timeout: SEARCH_MS }, () => {
  for (const variant of ['scorpion', 'three-blind-mice'] as const) {
    it(`${variant}: near the end of a game`, () => {
      const tally = { win: 0, loss: 0 };
      for (let i = 0; i < 40; i++) {
        const near = nearlySolved(variant, seedOf(i), { suits: 2, columns: 5, cuts: 1 + (i % 4) });
        const start = { ...near, options: { foundations: true, open: false } };
        const expected = referenceSolve(start, 30_000);
        if (expected.result === 'unknown') continue;
        const actual = solve(start, LIMITS);
        expect({ seed: seedOf(i), result: actual.result }).toEqual({ seed: seedOf(i), result: expected.result });
        if (actual.result === 'win') expect(replay(start, actual.line)).toMatchObject({ ok: true, status: 'won' });
        tally[expected.result]++;
      }
      expect(tally.win).toBeGreaterThan(3);
      expect(tally.loss).toBeGreaterThan(1);
    });
  }
});

describe('safe builds are only onto King-rooted runs', () => {
  /* Found by checking the unrestricted rule (any card onto its successor at once) against the
     reference: it calls these winnable positions lost. */
  it.each(['bbbbbbbbbbbbbbbbbbbbbbbbbbbbb7db', 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbb7ff', 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbac9'])(
    'wins %s, where building at once on any successor would lose',
    (seed) => {
      const start = smallPosition('scorpion', seed, { suits: 2, columns: 4 });
      expect(referenceSolve(start, 60_000).result).toBe('win');
      const actual = solve(start, LIMITS);
      expect(actual.result).toBe('win');
      if (actual.result === 'win') expect(replay(start, actual.line)).toMatchObject({ status: 'won' });
    },
  );
});

describe('safe builds need every card of the target column settled', () => {
  /* Building on X+1 whose column has a card waiting for a card below X looked safe, and is not:
     cards between can carry X away, and the waiting card's successor can end up on top of X. */
  it('wins ffffffffffffffffffffffffff13223f', () => {
    const start = smallPosition('scorpion', 'ffffffffffffffffffffffffff13223f', { suits: 2, columns: 4 });
    expect(referenceSolve(start, 60_000).result).toBe('win');
    expect(solve(start, LIMITS).result).toBe('win');
  });
});

describe('safe builds before the deal, among columns 4 and up', { timeout: SEARCH_MS }, () => {
  it('builds at once on a settled column 4 and up, and leaves columns 1–3 to after the deal', () => {
    const moves = new Int32Array(64);
    const before = (columns: string) => {
      const board = FastBoard.fromState(positionFromText('scorpion', columns, { stock: '2C 3C 4C' }));
      const found = findSafeBuild(board, moves, board.generate(moves), false);
      return found < 0 ? undefined : FastBoard.decode(moves[found]!);
    };
    expect(before('AC | 5C | 9C | KH QH | JH TH')).toEqual({ kind: 'move', from: 4, row: 0, to: 3 });
    expect(before('KH QH | 5C | 9C | AC | JH TH')).toBeUndefined();
    expect(before('JH TH | 5C | 9C | KH QH | AC')).toBeUndefined();
  });

  /* Found by checking the rule for any source and target before the deal against the reference:
     QD onto KD in column 1 at once loses the win (the deal then lands 4D on the QD's run). */
  it('wins a position where building at once onto column 1 before the deal would lose', () => {
    const start = positionFromText(
      'scorpion',
      'KD | qc 9D 8D | 6D 5D | KC QD JD TD 9C | ad 7C 6C 5C JC TC 3D 2D | 4C 3C 2C AC',
      { stock: '4D 8C 7D' },
    );
    expect(referenceSolve(start, 60_000).result).toBe('win');
    const actual = solve(start, LIMITS);
    expect(actual.result).toBe('win');
    if (actual.result === 'win') expect(replay(start, actual.line)).toMatchObject({ ok: true, status: 'won' });
  });

  /** Positions where the rule picks a move, along random lines that leave the stock undealt. */
  function undealtSafe(variant: VariantId, columns: number, options: Partial<Options>): GameState[] {
    const found: GameState[] = [];
    const moves = new Int32Array(1024);
    for (let i = 0; i < 40; i++) {
      const board = FastBoard.fromState(smallPosition(variant, seedOf(i), { suits: 2, columns, options }));
      const rng = new Sfc32(seedOf(i));
      for (let step = 0; step < 30; step++) {
        const count = board.generate(moves);
        if (findSafeBuild(board, moves, count, false) >= 0) found.push(board.toState());
        const undealt = Array.from(moves.subarray(0, count)).filter((move) => codeKind(move) !== KIND_DEAL);
        if (undealt.length === 0) break;
        board.play(undealt[rng.below(undealt.length)]!);
      }
    }
    return found;
  }

  for (const [variant, columns, options] of [
    ['scorpion', 6, { open: false }],
    ['scorpion', 7, { open: false }],
    ['scorpion', 6, { open: true }],
    ['scorpion-ii', 6, { foundations: true }],
  ] as const) {
    it(`${variant}, ${columns} columns ${JSON.stringify(options)}: the solver agrees with the exhaustive search`, () => {
      const tally = { win: 0, loss: 0 };
      for (const start of undealtSafe(variant, columns, options).slice(0, 40)) {
        const expected = referenceSolve(start, 40_000);
        if (expected.result === 'unknown') continue;
        const actual = solve(start, LIMITS);
        expect(actual.result).toBe(expected.result);
        if (actual.result === 'win') expect(replay(start, actual.line)).toMatchObject({ ok: true, status: 'won' });
        tally[expected.result]++;
      }
      expect(tally.win).toBeGreaterThan(10);
      expect(tally.loss).toBeGreaterThan(2);
    });
  }
});

describe('probes (two decks)', { timeout: SEARCH_MS }, () => {
  const deal = (seed: string) =>
    newGame('double-scorpion', { foundations: false, open: false }, dealFromSeed('double-scorpion', seed));

  /* Study deal 12 of Double Scorpion (scorpion-study/double-scorpion/12): the plain depth-first
     search spends all its nodes below an early wrong turn (30M and more); a shuffled order wins
     in a few hundred. Probes start at 2,000 nodes each, so the win comes after 6,118 nodes in
     all (the fourth probe, greedy, wins), where the schedule of 100,000-node probes took 300,168 (the first probe, plain, spent
     all of its nodes in vain). */
  it('finds a win the plain order misses within the same nodes, and the line replays', () => {
    const start = deal('91967efe8cf90e7b347c8f4781f11c4f');
    const plain = search(start, new TranspositionTable(32), 400_000, Number.POSITIVE_INFINITY);
    expect(plain.outcome.kind).toBe('node-limit');
    const probed = solve(start, { nodes: 1_600_000, ms: 600_000, tableMegabytes: 32 });
    expect(probed).toMatchObject({ result: 'win', nodes: 6_118 });
    if (probed.result === 'win') expect(replay(start, probed.line)).toMatchObject({ ok: true, status: 'won' });
  });

  /* Bench deals 21 and 8 of Double Scorpion (bench/solver-seeds.txt), which the plain order and
     its shuffles left undecided at 6M nodes: digging out the face-down cards first (order 1),
     or emptying short columns first (order 2), wins within the first probe's nodes. */
  it.each([
    ['a2b1ea804834b02aab7cc49921ac9e4f', 1],
    ['f2829d6dde8a5d16cb955d7c8e6a3480', 2],
  ])('deal %s: family %i wins where the plain order does not', (seed, family) => {
    const start = deal(seed);
    const table = new TranspositionTable(32);
    expect(search(start, table, 100_000, Number.POSITIVE_INFINITY).outcome.kind).toBe('node-limit');
    const other = search(start, table, 100_000, Number.POSITIVE_INFINITY, family).outcome;
    expect(other.kind).toBe('win');
    if (other.kind === 'win') expect(replay(start, other.line)).toMatchObject({ ok: true, status: 'won' });
  });
});

describe('greedy probes (two decks, swaps left out)', { timeout: SEARCH_MS }, () => {
  /* A greedy search leaves out moves whose positions nothing else reaches, so it can only be
     trusted with a win: against the exhaustive search on small Double Scorpion positions, it
     never reports a loss, and every win it reports replays and is one the reference finds. */
  it('never reports a loss, and its wins replay', () => {
    const tally = { win: 0, loss: 0, exhausted: 0 };
    const table = new TranspositionTable(8);
    for (let i = 0; i < 40; i++) {
      const small = smallPosition('double-scorpion', seedOf(i + 100), { suits: 1, columns: 4 + (i % 2) });
      // Every other one with most cards face down, where losses are common.
      const hidden = small.columns.map((column, c) => Math.max(0, column.length - 1 - ((i + c) % 3)));
      const start = i % 2 === 0 ? small : { ...small, hidden };
      const expected = referenceSolve(start, 60_000);
      if (expected.result === 'unknown') continue;
      const greedy = search(start, table, 400_000, Number.POSITIVE_INFINITY, i, true);
      expect(greedy.outcome.kind).not.toBe('loss');
      if (greedy.outcome.kind === 'win') {
        expect(expected.result).toBe('win');
        expect(replay(start, greedy.outcome.line)).toMatchObject({ ok: true, status: 'won' });
      } else if (greedy.nodes < 400_000) tally.exhausted++;
      tally[expected.result]++;
    }
    expect(tally.win).toBeGreaterThan(10);
    expect(tally.loss).toBeGreaterThan(10);
    // Greedy searches that ran out of moves within their nodes (each lost one did, 19 with these
    // seeds): a complete search would have reported each a loss.
    expect(tally.exhausted).toBeGreaterThan(10);
  });
});

describe('probes (one deck, open)', { timeout: SEARCH_MS }, () => {
  /* Bench deal 95 of classic Scorpion with the open option (bench/solver-seeds.txt): the plain
     order finds no win in a million nodes (nor in ten); the ninth probe's order (the short
     family, shuffled) wins in a few dozen. */
  it('finds a win the plain order misses, and the line replays', () => {
    const start = newGame(
      'scorpion',
      { foundations: false, open: true },
      dealFromSeed('scorpion', '81aab572c9c0ac5ec4368272f861651d'),
    );
    const plain = search(start, new TranspositionTable(32), 1_000_000, Number.POSITIVE_INFINITY);
    expect(plain.outcome.kind).toBe('node-limit');
    const probed = solve(start, { nodes: 2_000_000, ms: 600_000, tableMegabytes: 32 });
    expect(probed).toMatchObject({ result: 'win', nodes: 80_057 });
    if (probed.result === 'win') expect(replay(start, probed.line)).toMatchObject({ ok: true, status: 'won' });
  });
});

describe('open deals lost through a card waiting for the card on its successor', () => {
  /* Bench deal 69 of classic Scorpion with the open option (bench/solver-seeds.txt): undecided at
     10M nodes, proven lost by the plain search after 288M. TD waits for QS to come off JD, QS
     for 6H to come off KS (above it in its own column: the King between no longer frees it),
     6H for JS, JS for 6C to come off QS (below it in its own column), 6C for QD, and QD for TD:
     the frozen-card check sees the cycle at the root. */
  it('is proven lost at the root', () => {
    const start = newGame(
      'scorpion',
      { foundations: false, open: true },
      dealFromSeed('scorpion', 'a1f547d5ca4ea89922f0fc62e8d77ca8'),
    );
    expect(solve(start, { nodes: 1_000, tableMegabytes: 8 })).toMatchObject({ result: 'loss', nodes: 0 });
  });
});

describe('open Three Blind Mice deals lost through a reserve card that must move', () => {
  /* Deal 12 of the Three Blind Mice all-face-up study (docs/win-rates): undecided at 10M nodes
     before. JC waits in the reserve for QC (under 2D), 5D for 6D (under 4D), and the buried
     Kings for a column to empty: the frozen-card check sees the cycle at the root. */
  it('is proven lost at the root', () => {
    const start = newGame(
      'three-blind-mice',
      { foundations: false, open: true },
      dealFromSeed('three-blind-mice', 'ebd921aa56b751f3455a770b2ec85067'),
    );
    expect(solve(start, { nodes: 1_000, tableMegabytes: 8 })).toMatchObject({ result: 'loss', nodes: 0 });
  });
});

describe('solve', () => {
  it('returns an empty line for a won position and a loss with no moves', () => {
    const won = positionFromText('scorpion', 'KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH | ');
    expect(solve(won)).toMatchObject({ result: 'win', line: [] });
    const stuck = positionFromText('scorpion', 'KH QH JH TH 9H 8H 7H 6H 5H 4H 3H | 2h AH');
    expect(solve(stuck)).toMatchObject({ result: 'loss' });
  });

  it('stops at the node limit and at the time limit with unknown', () => {
    const start = smallPosition('double-scorpion', seedOf(3), { suits: 2, columns: 6 });
    expect(solve(start, { nodes: 50, tableMegabytes: 8 })).toMatchObject({ result: 'unknown', reason: 'node-limit' });
    expect(solve(start, { ms: 0, tableMegabytes: 8 })).toMatchObject({ result: 'unknown', reason: 'time-limit' });
  });

  it('refuses a player view', () => {
    const start = positionFromText('scorpion', 'KH | QH');
    const view = { ...start, columns: [[-1], [-1]] };
    expect(() => solve(view)).toThrow('full state');
  });
});
