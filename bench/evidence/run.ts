import { createHash } from 'node:crypto';
import { DEFAULT_OPTIONS, newGame } from '@scorpion/rules';
import {
  assessmentOf,
  CLAIRVOYANCE_OPTIONS,
  findCertifiedDeal,
  type GameEvidence,
  gameEvidence,
  HOLD_SCORE,
} from '@scorpion/solver';
import { type BotKind, playBot } from './bots.ts';

/*
 * The evidence bench: `tsx bench/evidence/run.ts [--games N]` (default 50 of each bot; `--quick`: 1).
 * Deals are the daily's kind: Scorpion deals proven winnable with the server's certify budget,
 * each from a fixed seed. Every game is weighed exactly as the server weighs a ranked game
 * (`gameEvidence`, default budgets), one after another on this thread.
 */
const quick = process.argv.includes('--quick');
const gamesAt = process.argv.indexOf('--games');
const GAMES = gamesAt >= 0 ? Number(process.argv[gamesAt + 1]) : quick ? 1 : 50;
const flag = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const KINDS = (flag('bots')?.split(',') ?? ['knowing', 'viewing', 'human']) as BotKind[];
/** `--samples S --nodes N`: weigh with other budgets than the server's, to see what they change. */
const WEIGH = {
  clairvoyance: {
    samples: Number(flag('samples') ?? CLAIRVOYANCE_OPTIONS.samples),
    limits: { ...CLAIRVOYANCE_OPTIONS.limits, nodes: Number(flag('nodes') ?? CLAIRVOYANCE_OPTIONS.limits.nodes) },
  },
};
/** The server's daily certify budget (apps/server/src/deals/solver-certifier.ts), in nodes alone. */
const CERTIFY_NODES = 400_000;

const hex = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

interface Row {
  readonly kind: BotKind;
  readonly evidence: GameEvidence;
  readonly won: boolean;
  readonly ms: number;
}

const rows: Row[] = [];
for (let i = 0; i < GAMES; i++) {
  const deal = findCertifiedDeal({
    variant: 'scorpion',
    options: DEFAULT_OPTIONS,
    seedAt: (counter) => hex(`bench-evidence/deal/${i}/${counter}`),
    budget: { nodes: CERTIFY_NODES, ms: 600_000 },
  });
  if (!deal) throw new Error(`no certified deal for game ${i}`);
  const start = newGame('scorpion', DEFAULT_OPTIONS, deal.deck);
  for (const kind of KINDS) {
    const game = playBot(kind, start, deal.line, hex(`bench-evidence/${kind}/${i}`));
    const began = performance.now();
    const evidence = gameEvidence(
      { start, startedAt: 0, actions: game.actions },
      hex(`bench-evidence/weigh/${i}`),
      WEIGH,
    );
    const ms = performance.now() - began;
    rows.push({ kind, evidence, won: game.won, ms });
    if (process.argv.includes('--verbose')) {
      console.error(
        `${i} ${kind} won=${game.won} moves=${game.actions.length} score=${evidence.score.toFixed(2)} decisive=${evidence.clairvoyance.decisive.length} ${Math.round(ms)} ms`,
      );
    }
  }
}

const quantile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const fixed = (n: number, digits = 1) => n.toFixed(digits);

console.log(
  `## Evidence: who is held at a clairvoyance score of ${fixed(HOLD_SCORE, 2)} (ln 100) (${GAMES} games per bot)\n`,
);
console.log(
  '| bot | won | held | score min | median | max | decisive positions (median) | agreed where it mattered | weighing ms (median, max) |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const kind of KINDS) {
  const mine = rows.filter((r) => r.kind === kind);
  const scores = mine.map((r) => r.evidence.score);
  const mattered = mine.reduce((n, r) => n + r.evidence.clairvoyance.mattered, 0);
  const agreed = mine.reduce((n, r) => n + r.evidence.clairvoyance.agreed, 0);
  console.log(
    `| ${kind} | ${mine.filter((r) => r.won).length}/${mine.length} | ${mine.filter((r) => r.evidence.held).length}/${mine.length} | ` +
      `${fixed(Math.min(...scores))} | ${fixed(quantile(scores, 0.5))} | ${fixed(Math.max(...scores))} | ` +
      `${quantile(
        mine.map((r) => r.evidence.clairvoyance.decisive.length),
        0.5,
      )} | ` +
      `${mattered === 0 ? '–' : `${Math.round((100 * agreed) / mattered)}%`} | ` +
      `${Math.round(
        quantile(
          mine.map((r) => r.ms),
          0.5,
        ),
      )}, ${Math.round(Math.max(...mine.map((r) => r.ms)))} |`,
  );
}
const honest = rows.filter((r) => r.kind !== 'knowing').map((r) => r.evidence.score);
const knowing = rows.filter((r) => r.kind === 'knowing').map((r) => r.evidence.score);
console.log(
  `\nHighest honest score ${fixed(Math.max(...honest), 2)}; lowest score of the bot that knows the deal ` +
    `${fixed(Math.min(...knowing), 2)}. Detected at ${fixed(HOLD_SCORE, 2)}: ${knowing.filter((s) => s >= HOLD_SCORE).length}/${knowing.length}; ` +
    `honest games held: ${honest.filter((s) => s >= HOLD_SCORE).length}/${honest.length}.`,
);

/*
 * The running sum, as the server holds on it (`assessmentOf` over every weighed game of a
 * player's): each bot's games in order are one player's dailies, and also `PLAYER_DAYS`-game
 * stretches of them as that many players each. A game held on its own is reviewed, so its
 * lean leaves the sum as it does on the server.
 */
const PLAYER_DAYS = 10;
const firstReview = (scores: readonly number[]) => {
  const games: { score: number; reviewed: boolean }[] = [];
  for (const [i, score] of scores.entries()) {
    if (assessmentOf([...games, { score, reviewed: false }]).review && score > 0) return i + 1;
    games.push({ score, reviewed: score >= HOLD_SCORE });
  }
  return undefined;
};
console.log(`\n### The running sum over a player's dailies (reviewed once it reaches ${fixed(HOLD_SCORE, 2)})\n`);
console.log(`| bot | sum after ${GAMES} games | reviewed at game | players of ${PLAYER_DAYS} dailies reviewed |`);
console.log('|---|---|---|---|');
for (const kind of KINDS) {
  const scores = rows.filter((r) => r.kind === kind).map((r) => r.evidence.score);
  const players = [];
  for (let at = 0; at + PLAYER_DAYS <= scores.length; at += PLAYER_DAYS)
    players.push(scores.slice(at, at + PLAYER_DAYS));
  const reviewed = players.filter((p) => firstReview(p) !== undefined).length;
  console.log(
    `| ${kind} | ${fixed(assessmentOf(scores).total, 2)} | ${firstReview(scores) ?? 'never'} | ` +
      `${players.length === 0 ? '–' : `${reviewed}/${players.length}`} |`,
  );
}
