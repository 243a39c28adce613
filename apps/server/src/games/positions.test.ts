import { applyMove, dealFromSeed, FastBoard, type GameState, legalMoves, newGame, VARIANT_IDS } from '@scorpion/rules';
import { expect, test } from 'vitest';
import { Positions, ScratchPosition } from './positions.ts';

/** A random line of legal moves (a seeded walk), every position on the way. */
function line(variant: (typeof VARIANT_IDS)[number], foundations: boolean, seed: number): GameState[] {
  const options = { foundations, open: false };
  let state = newGame(variant, options, dealFromSeed(variant, `${seed}`.padStart(32, '0')));
  const states = [state];
  let r = seed;
  for (let i = 0; i < 150; i++) {
    const moves = legalMoves(state);
    if (moves.length === 0) break;
    r = (r * 1103515245 + 12345) % 2147483648;
    const played = applyMove(state, moves[r % moves.length]!);
    if (!played.ok) throw new Error(played.reason);
    state = played.state;
    states.push(state);
  }
  return states;
}

test('every position of a line comes back out equal, in every variant, foundations or not', () => {
  const seen = { stock: false, reserve: false, foundations: false };
  for (const variant of VARIANT_IDS) {
    for (const foundations of [false, true]) {
      const states = line(variant, foundations, 7);
      // Runs put aside, as a random line hardly gets to: the store does not judge, only packs.
      if (foundations) {
        const last = states.at(-1)!;
        states.push({ ...last, foundations: [last.columns[0]!, last.columns[1]!] });
      }
      const positions = new Positions(variant, { foundations, open: false });
      for (const state of states) positions.push(state);
      expect(positions.length).toBe(states.length);
      for (const [i, state] of states.entries()) {
        expect(positions.at(i)).toEqual(state);
        seen.stock ||= state.stock.length > 0;
        seen.reserve ||= state.reserve.length > 0;
        seen.foundations ||= state.foundations.length > 0;
      }
    }
  }
  // The lines reach every part of a position.
  expect(seen).toEqual({ stock: true, reserve: true, foundations: true });
});

test('a position pushed at an index replaces the ones from there on, and none is put past the last', () => {
  const [a, b, c, d, e] = line('scorpion', false, 4);
  const [one, two] = legalMoves(a!).map((m) => FastBoard.encode(m));
  const positions = new Positions('scorpion', { foundations: false, open: false });
  for (const state of [a!, b!, c!, d!]) positions.push(state, one);
  positions.push(e!, two, 2);
  expect([positions.length, positions.at(1), positions.at(2)]).toEqual([3, b, e]);
  expect(() => positions.at(3)).toThrow(RangeError);
  // The move that led to the new position is kept in place of the dropped one's.
  expect(positions.movesTo(2).map((m) => FastBoard.encode(m))).toEqual([one, two]);
  // Past the last position there is nothing to follow: refused, and nothing changes.
  expect(() => positions.push(a!, one, 4)).toThrow(RangeError);
  expect(() => positions.push(a!, one, -1)).toThrow(RangeError);
  expect([positions.length, positions.at(2)]).toEqual([3, e]);
  positions.push(d!, one);
  expect([positions.length, positions.at(3)]).toEqual([4, d]);
});

test('a decoded position is a fresh object: the rules may build on it without touching the store', () => {
  const [a] = line('scorpion', false, 5);
  const positions = new Positions('scorpion', { foundations: false, open: false });
  positions.push(a!);
  const first = positions.at(0);
  expect(first).not.toBe(positions.at(0));
  expect(first.columns[0]).not.toBe(positions.at(0).columns[0]);
});

test('a position decoded into a scratch equals the fresh one, whatever the scratch held before', () => {
  for (const variant of VARIANT_IDS) {
    for (const foundations of [false, true]) {
      const states = line(variant, foundations, 11);
      if (foundations) {
        const last = states.at(-1)!;
        states.push({ ...last, foundations: [last.columns[0]!, last.columns[1]!] }, last);
      }
      const options = { foundations, open: false };
      const positions = new Positions(variant, options);
      for (const state of states) positions.push(state);
      const scratch = new ScratchPosition(variant, options);
      // Forwards, backwards and by leaps: columns, stock, reserve and runs grow and shrink.
      const order = [...states.keys(), ...[...states.keys()].reverse(), 0, states.length - 1, 1];
      for (const i of order) {
        const decoded = positions.into(i, scratch);
        expect(decoded).toBe(scratch.state);
        expect(decoded).toEqual(states[i]);
      }
    }
  }
});

test('a move tried on the scratch leaves it as it was: the rules build a new state beside it', () => {
  const states = line('scorpion', false, 13);
  const positions = new Positions('scorpion', { foundations: false, open: false });
  positions.push(states[0]!);
  const scratch = new ScratchPosition('scorpion', { foundations: false, open: false });
  const before = structuredClone(positions.into(0, scratch));
  for (const move of legalMoves(scratch.state)) {
    const played = applyMove(scratch.state, move);
    expect(played.ok).toBe(true);
    expect(scratch.state).toEqual(before);
  }
});
