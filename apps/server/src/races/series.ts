import type { BestOf, RaceResult, SeriesScore } from '@scorpion/protocol';
import { ratingRanks } from '../ratings/model.ts';

/** Game wins that take a best-of series: 2 of 3, 3 of 5. */
export const seriesTarget = (bestOf: BestOf): number => Math.floor(bestOf / 2) + 1;

/**
 * Who won one game of a series: the race's sole first, read as the rating reads it (a racer who
 * left counts as last). A first place shared (the same time and moves, or the same progress) is
 * nobody's: the series plays on until someone has enough wins, however many games that takes.
 */
export function gameWinner(results: readonly RaceResult[]): string | undefined {
  const ranks = ratingRanks(results);
  const best = Math.min(...ranks.map((r) => r.rank));
  const first = ranks.filter((r) => r.rank === best);
  return first.length === 1 ? first[0]!.playerId : undefined;
}

/** The score of a series from its finished games, in order: everyone who raced in it, most wins first. */
export function seriesScore(bestOf: BestOf, games: readonly (readonly RaceResult[])[]): SeriesScore {
  const target = seriesTarget(bestOf);
  const wins = new Map<string, number>();
  const names = new Map<string, string>();
  for (const results of games) {
    for (const r of results) {
      if (!wins.has(r.playerId)) wins.set(r.playerId, 0);
      names.set(r.playerId, r.nickname);
    }
    const winner = gameWinner(results);
    if (winner) wins.set(winner, wins.get(winner)! + 1);
  }
  const score = [...wins].map(([playerId, n]) => ({ playerId, nickname: names.get(playerId)!, wins: n }));
  score.sort((a, b) => b.wins - a.wins);
  const winnerId = score.find((s) => s.wins >= target)?.playerId ?? null;
  return { bestOf, target, games: games.length, score, winnerId };
}
