import { type GameState, positionFromText, Sfc32, toPlayerView } from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { hasHiddenCards, sampleCompletion } from './completions.ts';

const byNumber = (a: number, b: number) => a - b;
/** The two face-down cards of column 1, the one of column 2, then the stock. */
const unseenOf = (state: GameState) => [...state.columns[0]!.slice(0, 2), state.columns[1]![0]!, ...state.stock];

const STATE = positionFromText('scorpion', 'ah 2h 9S | 3h KS | QS', { stock: 'JS TS 4H' });

describe('sampleCompletion', () => {
  it('keeps what the player sees and deals the unseen cards among the unseen places', () => {
    const rng = new Sfc32('0'.repeat(32));
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const completion = sampleCompletion(STATE, rng);
      expect(toPlayerView(completion)).toEqual(toPlayerView(STATE));
      const unseen = unseenOf(completion);
      expect([...unseen].sort(byNumber)).toEqual([...unseenOf(STATE)].sort(byNumber));
      seen.add(JSON.stringify(unseen));
    }
    // 6! = 720 arrangements: 200 draws see many of them.
    expect(seen.size).toBeGreaterThan(150);
  });

  it('is the same for the same seed', () => {
    const a = sampleCompletion(STATE, new Sfc32('1'.repeat(32)));
    const b = sampleCompletion(STATE, new Sfc32('1'.repeat(32)));
    expect(a).toEqual(b);
  });

  it('knows when nothing is hidden', () => {
    expect(hasHiddenCards(STATE)).toBe(true);
    expect(hasHiddenCards(positionFromText('scorpion', 'KS QS | JS'))).toBe(false);
  });
});

describe('sampleCompletion with cards seen before', () => {
  it('leaves a card the player has seen where it lies, and shuffles the others', () => {
    const [ace] = STATE.columns[0]!;
    const rng = new Sfc32('2'.repeat(32));
    for (let i = 0; i < 50; i++) {
      const completion = sampleCompletion(STATE, rng, new Set([ace!]));
      expect(completion.columns[0]![0]).toBe(ace);
      expect(toPlayerView(completion)).toEqual(toPlayerView(STATE));
    }
    const all = new Set(unseenOf(STATE));
    expect(hasHiddenCards(STATE, all)).toBe(false);
    expect(sampleCompletion(STATE, rng, all)).toEqual(STATE);
  });
});
