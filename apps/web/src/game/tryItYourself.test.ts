import { dealFromSeed, legalMoves, type Move, newGame, replay, toPlayerView } from '@scorpion/rules';
import { beforeEach, describe, expect, it } from 'vitest';
import { lineParam } from './lineParam.ts';
import { LocalGame } from './localGame.svelte.ts';
import { configFromQuery, practiceHref } from './practiceConfig.ts';

/* "Try it yourself": a practice link that starts at a public game's position (its deal and the moves to it). */

const SEED = '00000000000000000000000000000034';
const BEFORE: Move[] = [
  { kind: 'move', from: 6, row: 5, to: 0 },
  { kind: 'move', from: 6, row: 1, to: 4 },
  { kind: 'move', from: 6, row: 0, to: 4 },
];
const dealt = newGame('scorpion', { foundations: false, open: false }, dealFromSeed('scorpion', SEED));

beforeEach(() => {
  const store = new Map<string, string>();
  globalThis.localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
    clear: () => store.clear(),
    key: () => null,
    length: 0,
  };
});

describe('a practice link with a position', () => {
  it('survives the page rewriting its address, and starts the game at that position', () => {
    const href = practiceHref({ variant: 'scorpion', options: dealt.options, seed: SEED, from: lineParam(BEFORE) });
    expect(href).toBe(`/practice?variant=scorpion&seed=${SEED}&from=m6-5-0.m6-1-4.m6-0-4`);
    const config = configFromQuery(new URL(href, 'http://x').searchParams)!;
    expect(practiceHref(config)).toBe(href);

    const game = new LocalGame(config);
    const reached = replay(dealt, BEFORE);
    if (!reached.ok) throw new Error('the fixture replays');
    expect(game.view).toEqual(toPlayerView(reached.state));
    expect(game.moveCount).toBe(0);
    expect(game.canUndo).toBe(false);

    // Undo goes back to that position, not before it; the record holds the whole line from the deal.
    const move = legalMoves(game.view)[0]!;
    expect(game.play(move)).toBeUndefined();
    expect(game.undo()).toBe('done');
    expect(game.undo()).toBe('nothing');
    expect(game.redo()).toBe('done');
    expect(game.record.moves).toEqual([...BEFORE, move]);
    expect(new LocalGame(config).moveCount).toBe(1);
  });

  it('ignores moves that are not a line, or that do not replay on the deal', () => {
    const query = (from: string) => new URLSearchParams({ variant: 'scorpion', seed: SEED, from });
    expect(configFromQuery(query('m6-5'))).toEqual({ variant: 'scorpion', options: dealt.options, seed: SEED });
    const illegal = configFromQuery(query('m0-0-0'))!;
    expect(illegal.from).toBe('m0-0-0');
    expect(new LocalGame(illegal).view).toEqual(toPlayerView(dealt));
  });
});
