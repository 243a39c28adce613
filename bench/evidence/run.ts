import { createHash } from 'node:crypto';
import { DEFAULT_OPTIONS, newGame } from '@scorpion/rules';
import { CLAIRVOYANCE_OPTIONS, findCertifiedDeal, type GameEvidence, gameEvidence } from '@scorpion/solver';
import { type BotKind, playBot } from './bots.ts';
import { perGameTable, runningTable, type WeighedRow } from './summary.ts';

/*
 * The evidence bench: `tsx bench/evidence/run.ts [--games N] [--bots knowing,viewing,human,completing]
 * [--players P --days D] [--verbose]` (default 50 games of each bot, `--quick`: 1; the running sum
 * simulated over 200 players of 10 dailies; `--verbose` prints each game as it is weighed).
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
const KINDS = (flag('bots')?.split(',') ?? ['knowing', 'viewing', 'human', 'completing']) as BotKind[];
/** `--samples S --draws D --nodes N`: weigh with other budgets than the server's, to see what they change. */
const WEIGH = {
  clairvoyance: {
    samples: Number(flag('samples') ?? CLAIRVOYANCE_OPTIONS.samples),
    draws: Number(flag('draws') ?? CLAIRVOYANCE_OPTIONS.draws),
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
        `${i} ${kind} won=${game.won} moves=${game.actions.length} score=${evidence.score.toFixed(2)} decisive=${evidence.clairvoyance.decisive.length} agreed=${evidence.clairvoyance.agreed} ${Math.round(ms)} ms`,
      );
    }
  }
}

const PLAYERS = Number(flag('players') ?? 200);
const DAYS = Number(flag('days') ?? 10);
const weighed: WeighedRow[] = rows.map(({ kind, evidence, won, ms }) => ({
  kind,
  score: evidence.score,
  won,
  decisive: evidence.clairvoyance.decisive.length,
  mattered: evidence.clairvoyance.mattered,
  agreed: evidence.clairvoyance.agreed,
  ms,
}));
console.log([...perGameTable(weighed, KINDS, GAMES), ...runningTable(weighed, KINDS, PLAYERS, DAYS)].join('\n'));
