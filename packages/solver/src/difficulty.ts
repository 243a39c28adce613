/**
 * A difficulty rating for a certified deal, from 1 to 5 stars, shown on the daily page.
 *
 * It blends two things the solver measures while certifying:
 * - search effort: log10 of the nodes the solver needed to find its first winning line. Deals
 *   where the obvious moves win take about as many nodes as moves (≈ 10^1.7); deals whose win
 *   hides behind many dead ends take 10^4 or more. The count is deterministic for a deal (it does
 *   not depend on the clock), so a deal always gets the same rating.
 * - line length: a winning line much longer than the deck (cards shuffled to and fro, Kings
 *   moved to make room) is harder to see than one that places each card about once.
 *
 *   score = log10(nodes) + 2 × max(0, moves / cards − 1)
 *
 *   ★      score < 2      (a straightforward deal: the natural moves win)
 *   ★★     2 ≤ score < 3
 *   ★★★    3 ≤ score < 4
 *   ★★★★   4 ≤ score < 5
 *   ★★★★★  score ≥ 5      (the solver needed 100,000+ nodes, or a long winding line)
 */
export interface Difficulty {
  readonly stars: 1 | 2 | 3 | 4 | 5;
  readonly score: number;
}

export function difficultyOf(nodes: number, lineLength: number, cards: number): Difficulty {
  const score = Math.log10(Math.max(1, nodes)) + 2 * Math.max(0, lineLength / cards - 1);
  const stars = Math.min(5, Math.max(1, Math.floor(score))) as Difficulty['stars'];
  return { stars, score: Math.round(score * 100) / 100 };
}
