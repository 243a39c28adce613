import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GameState } from '@scorpion/rules';
import { referenceSolve } from '../src/reference.ts';
import { nearlySolved, smallPosition } from '../src/small.ts';

/*
 * Writes `fixtures/positions.json`: Double Scorpion and all-face-up ("open") positions whose
 * verdict the plain exhaustive search (`referenceSolve`) decided, wins and losses, the hardest
 * first. `positions.test.ts` checks the solver against them.
 *
 *   pnpm exec tsx --conditions=source packages/solver/test/write-position-fixtures.ts
 *
 * Deterministic: fixed seeds, and the reference search has no clock.
 */
const LIMIT = 300_000;
const PER_GROUP = { win: 3, loss: 3 };

function seedOf(group: string, i: number): string {
  let hash = 0;
  for (const ch of group) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return (hash.toString(16) + i.toString(16).padStart(8, '0')).padStart(32, 'c');
}

/** A position with every card face up and the open option on, as an open deal is dealt. */
function opened(state: GameState): GameState {
  return { ...state, options: { ...state.options, open: true }, hidden: state.columns.map(() => 0) };
}

const groups: { name: string; make: (seed: string, i: number) => GameState }[] = [
  {
    name: 'double-scorpion, nearly solved, two suits',
    make: (seed, i) => nearlySolved('double-scorpion', seed, { suits: 2, columns: 5, cuts: 4 + (i % 6) }),
  },
  {
    name: 'double-scorpion, one suit, five columns',
    make: (seed) => smallPosition('double-scorpion', seed, { suits: 1, columns: 5 }),
  },
  {
    name: 'double-scorpion, open, one suit',
    make: (seed) => smallPosition('double-scorpion', seed, { suits: 1, columns: 4, options: { open: true } }),
  },
  {
    name: 'double-scorpion, open, nearly solved, two suits',
    make: (seed, i) => opened(nearlySolved('double-scorpion', seed, { suits: 2, columns: 5, cuts: 5 + (i % 6) })),
  },
  {
    name: 'scorpion, open, two suits',
    make: (seed) => smallPosition('scorpion', seed, { suits: 2, columns: 5, options: { open: true } }),
  },
];

const positions: {
  group: string;
  seed: string;
  result: 'win' | 'loss';
  referencePositions: number;
  state: GameState;
}[] = [];
for (const group of groups) {
  const found: typeof positions = [];
  const wanted = { ...PER_GROUP };
  for (let i = 0; i < 60 && (wanted.win > 0 || wanted.loss > 0); i++) {
    const seed = seedOf(group.name, i);
    const state = group.make(seed, i);
    const verdict = referenceSolve(state, LIMIT);
    if (verdict.result === 'unknown' || wanted[verdict.result] === 0) continue;
    // The reference's effort: how many positions it had to visit (searched again with smaller limits).
    let referencePositions = LIMIT;
    for (let limit = 1000; limit < LIMIT; limit *= 2) {
      if (referenceSolve(state, limit).result !== 'unknown') {
        referencePositions = limit;
        break;
      }
    }
    if (referencePositions < 2000) continue;
    wanted[verdict.result]--;
    found.push({ group: group.name, seed, result: verdict.result, referencePositions, state });
    console.log(group.name, seed, verdict.result, referencePositions);
  }
  positions.push(...found);
}
const note =
  'Positions decided by the exhaustive reference search (referenceSolve: every legal move, exact-state keys, no pruning); referencePositions bounds the positions it needed. Written by test/write-position-fixtures.ts.';
writeFileSync(
  join(import.meta.dirname, '../fixtures/positions.json'),
  `${JSON.stringify({ note, positions }, null, 1)}\n`,
);
