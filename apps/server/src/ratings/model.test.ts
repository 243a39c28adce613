import type { RaceResult } from '@scorpion/protocol';
import { describe, expect, it } from 'vitest';
import { NEW_RATING, PROVISIONAL_GAMES, rateRace, ratingRanks, shownRating } from './model.ts';

const result = (playerId: string, rank: number, gaveUp = false): RaceResult => ({
  rank,
  playerId,
  nickname: playerId,
  won: rank === 1 && !gaveUp,
  gaveUp,
  timeMs: 60_000,
  progress: 10,
  faceDown: 0,
  moves: 50,
  gameId: `g-${playerId}`,
});

describe('rating a race', () => {
  // openskill's README, "Artificial Ranking": four new players ranked 4, 1, 3, 2. The README prints
  // three decimals, not all of them rounded (20.9624 shows as 20.963), so two are compared.
  it("matches the library's published example for four new players", () => {
    const changes = rateRace([result('a', 4), result('b', 1), result('c', 3), result('d', 2)], new Map());
    const byId = Object.fromEntries(changes.map((c) => [c.playerId, c]));
    expect(byId.a!.mu).toBeCloseTo(20.963, 2);
    expect(byId.a!.sigma).toBeCloseTo(8.084, 2);
    expect(byId.b!.mu).toBeCloseTo(27.795, 2);
    expect(byId.b!.sigma).toBeCloseTo(8.263, 2);
    expect(byId.c!.mu).toBeCloseTo(24.689, 2);
    expect(byId.c!.sigma).toBeCloseTo(8.084, 2);
    expect(byId.d!.mu).toBeCloseTo(26.553, 2);
    expect(byId.d!.sigma).toBeCloseTo(8.179, 2);
    for (const c of changes) {
      expect(c.muBefore).toBe(NEW_RATING.mu);
      expect(c.games).toBe(1);
      expect(c.established).toBe(false);
    }
  });

  // The README's "score" example: 37, 19, 37, 42 is the ranking 2, 4, 2, 1 (a tie for second).
  it('gives racers who share a rank the same change, as the published tie example does', () => {
    const [a, b, c, d] = rateRace([result('a', 2), result('b', 4), result('c', 2), result('d', 1)], new Map());
    expect(a!.mu).toBeCloseTo(24.689, 2);
    expect(b!.mu).toBeCloseTo(22.826, 2);
    expect(c!.mu).toBeCloseTo(24.689, 2);
    expect(d!.mu).toBeCloseTo(27.795, 2);
  });

  it('counts a racer who left early as last, behind one who was outpaced but stayed', () => {
    // `l` left with more progress than `s`, so the race ranked it second.
    const results = [result('w', 1), result('l', 2, true), result('s', 3)];
    expect(ratingRanks(results)).toEqual([
      { playerId: 'w', rank: 1 },
      { playerId: 'l', rank: 4 },
      { playerId: 's', rank: 3 },
    ]);
    const [, left, stayed] = rateRace(results, new Map());
    expect(left!.mu).toBeLessThan(stayed!.mu);
  });

  it('starts from the stored ratings and is established after enough races', () => {
    const before = new Map([
      ['a', { mu: 30, sigma: 4, games: PROVISIONAL_GAMES - 1 }],
      ['b', { mu: 20, sigma: 4, games: 3 }],
    ]);
    const [a, b] = rateRace([result('a', 1), result('b', 2)], before);
    expect(a!.muBefore).toBe(30);
    expect(a!.mu).toBeGreaterThan(30);
    expect(a!.established).toBe(true);
    expect(b!.mu).toBeLessThan(20);
    expect(b!.games).toBe(4);
    expect(b!.established).toBe(false);
  });

  it('shows a new player as 1500', () => {
    expect(shownRating(NEW_RATING.mu)).toBe(1500);
  });
});
