import { createHash } from 'node:crypto';
import { Sfc32 } from '@scorpion/rules';
import { assessmentOf, HOLD_SCORE } from '@scorpion/solver';

/*
 * What the evidence bench prints once its games are weighed: who is held per game, and who the
 * running sum over a player's dailies puts before a moderator, measured on the bots' own games
 * and simulated over many players by drawing their dailies from those games.
 */

export interface WeighedRow {
  readonly kind: string;
  readonly score: number;
  readonly won: boolean;
  readonly decisive: number;
  readonly mattered: number;
  readonly agreed: number;
  readonly ms: number;
}

const quantile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const fixed = (n: number, digits = 1) => n.toFixed(digits);

/** The day a player's running sum first puts a leaning game before a moderator (as the server does), or undefined. */
export function firstReview(scores: readonly number[], threshold = HOLD_SCORE): number | undefined {
  const games: { score: number; reviewed: boolean }[] = [];
  for (const [i, score] of scores.entries()) {
    if (score >= threshold || (score > 0 && assessmentOf([...games, { score, reviewed: false }], threshold).review))
      return i + 1;
    games.push({ score, reviewed: false });
  }
  return undefined;
}

export function perGameTable(rows: readonly WeighedRow[], kinds: readonly string[], games: number): string[] {
  const out = [
    `## Evidence: who is held at a clairvoyance score of ${fixed(HOLD_SCORE, 2)} (ln 100) (${games} games per bot)\n`,
    '| bot | won | held | score min | median | max | decisive positions (median) | solver’s move where it mattered | weighing ms (median, max) |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const kind of kinds) {
    const mine = rows.filter((r) => r.kind === kind);
    if (mine.length === 0) continue;
    const scores = mine.map((r) => r.score);
    const mattered = mine.reduce((n, r) => n + r.mattered, 0);
    const agreed = mine.reduce((n, r) => n + r.agreed, 0);
    out.push(
      `| ${kind} | ${mine.filter((r) => r.won).length}/${mine.length} | ${mine.filter((r) => r.score >= HOLD_SCORE).length}/${mine.length} | ` +
        `${fixed(Math.min(...scores))} | ${fixed(quantile(scores, 0.5))} | ${fixed(Math.max(...scores))} | ` +
        `${quantile(
          mine.map((r) => r.decisive),
          0.5,
        )} | ${mattered === 0 ? '–' : `${Math.round((100 * agreed) / mattered)}%`} | ` +
        `${Math.round(
          quantile(
            mine.map((r) => r.ms),
            0.5,
          ),
        )}, ${Math.round(Math.max(...mine.map((r) => r.ms)))} |`,
    );
  }
  const honest = rows.filter((r) => r.kind !== 'knowing').map((r) => r.score);
  const knowing = rows.filter((r) => r.kind === 'knowing').map((r) => r.score);
  if (honest.length > 0 && knowing.length > 0) {
    out.push(
      `\nHighest honest score ${fixed(Math.max(...honest), 2)}; lowest score of the bot that knows the deal ` +
        `${fixed(Math.min(...knowing), 2)}. Detected at ${fixed(HOLD_SCORE, 2)}: ${knowing.filter((s) => s >= HOLD_SCORE).length}/${knowing.length}; ` +
        `honest games held: ${honest.filter((s) => s >= HOLD_SCORE).length}/${honest.length}.`,
    );
  }
  return out;
}

/**
 * The running sum over many players: each of `players` players plays `days` dailies, each drawn
 * (seeded, with replacement) from one bot's weighed games. Cheap, so it can count what a false
 * review costs at the scale of a site (the bound says at most 1 player in 100, ever).
 */
export function runningTable(rows: readonly WeighedRow[], kinds: readonly string[], players: number, days: number) {
  const out = [
    `\n### The running sum over a player's dailies (reviewed once it reaches ${fixed(HOLD_SCORE, 2)}): ${players} simulated players of ${days} dailies each\n`,
    `| bot | its own games in order: sum, reviewed at game | simulated players reviewed | their day of review (median) |`,
    '|---|---|---|---|',
  ];
  for (const kind of kinds) {
    const scores = rows.filter((r) => r.kind === kind).map((r) => r.score);
    if (scores.length === 0) continue;
    const rng = new Sfc32(createHash('sha256').update(`bench-evidence/running/${kind}`).digest('hex').slice(0, 32));
    const reviewedAt: number[] = [];
    for (let p = 0; p < players; p++) {
      const dailies = Array.from({ length: days }, () => scores[rng.below(scores.length)]!);
      const day = firstReview(dailies);
      if (day !== undefined) reviewedAt.push(day);
    }
    const total = scores.reduce((a, b) => a + b, 0);
    out.push(
      `| ${kind} | ${fixed(total, 2)}, ${firstReview(scores) ?? 'never'} | ${reviewedAt.length}/${players} (${fixed((100 * reviewedAt.length) / players)}%) | ` +
        `${reviewedAt.length === 0 ? '–' : quantile(reviewedAt, 0.5)} |`,
    );
  }
  return out;
}
