import type { PublicGame } from '@scorpion/protocol';
import { dealFromSeed, type Move, newGame, positionFromText } from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { moveWords, summary, tryItHref } from './gameAnalysis.ts';

const SEED = '00000000000000000000000000000034';
const LINE: Move[] = [
  { kind: 'move', from: 6, row: 5, to: 0 },
  { kind: 'move', from: 6, row: 1, to: 4 },
  { kind: 'deal' },
];

function publicGame(seed: string | null): PublicGame {
  return {
    gameId: 'g1',
    kind: 'practice',
    player: { id: 'p1', nickname: 'Tess' },
    status: 'gave-up',
    seed,
    record: { variant: 'scorpion', options: { foundations: false, open: false }, deck: [], moves: LINE },
    actions: [],
    moves: LINE.length,
    timeMs: 0,
  } as unknown as PublicGame;
}

describe('the analysis in words', () => {
  it('says where the deal was lost, or why no move lost it', () => {
    const w = 'winnable' as const;
    expect(summary({ verdicts: [w, w, 'lost'], turningPoint: { move: 1, winningLine: [] } }, false)).toBe(
      'The deal was winnable until move 2: after it, it could no longer be won.',
    );
    expect(summary({ verdicts: [w, w], turningPoint: null }, true)).toBe('Won: the deal stayed winnable all the way.');
    expect(summary({ verdicts: [w, w], turningPoint: null }, false)).toMatch(
      /^The deal was still winnable at the last position/,
    );
    expect(summary({ verdicts: ['lost', 'lost'], turningPoint: null }, false)).toMatch(
      /could not be won from its first position/,
    );
    expect(summary({ verdicts: [w, 'not-decided', 'not-decided', 'lost'], turningPoint: null }, false)).toMatch(
      /^The solver could not decide positions 1 to 2 within its budget/,
    );
  });

  it('names a move by its card and columns, from the position it was played in', () => {
    const state = positionFromText('scorpion', ' | KC QC | 8C 7C');
    expect(moveWords(state, { kind: 'move', from: 1, row: 0, to: 0 })).toBe('K♣ from column 2 into the empty column 1');
    expect(moveWords(state, { kind: 'move', from: 2, row: 1, to: 1 })).toBe('7♣ from column 3 onto column 2');
    const dealt = newGame('scorpion', { foundations: false, open: false }, dealFromSeed('scorpion', SEED));
    expect(moveWords(dealt, { kind: 'deal' })).toBe('dealing the stock');
  });

  it('"Try it yourself" links practice to the deal and the moves before the turning point, once the seed is public', () => {
    expect(tryItHref(publicGame(SEED), 2)).toBe(`/practice?variant=scorpion&seed=${SEED}&from=m6-5-0.m6-1-4`);
    expect(tryItHref(publicGame(SEED), 0)).toBe(`/practice?variant=scorpion&seed=${SEED}`);
    expect(tryItHref(publicGame(null), 2)).toBeUndefined();
  });
});
