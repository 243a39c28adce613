import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app.ts';
import { CERTIFY_BUDGET, solverCertifier } from '../apps/server/src/deals/solver-certifier.ts';
import { ONE_STEP, TWO_STEPS } from '../apps/server/src/puzzles/test-puzzles.ts';
import { LIFTED } from '../apps/server/src/test/helper.ts';
import { dealFromSeed } from '../packages/rules/src/index.ts';
import { certifyDeal } from '../packages/solver/src/certify.ts';
import { createSolverPool } from '../packages/solver/src/pool.ts';
import { DAILY_SEED, GHOST_CHALLENGE, GHOST_MOVE_MS, ghostWin, ghostWinDeck, openWinDeck } from './fixtures/deals.ts';

/*
 * The real server for the browser tests, on a fresh SQLite file in a temporary directory.
 * Seams: races get a deal whose winning line the tests know (e2e/fixtures/open-win.json,
 * from the shared conformance records), so a race can be played to a real finish. Every browser
 * runs from 127.0.0.1, one address, as a household's would (issue #32: that costs nobody). The solver
 * certifies deals as in production, but in this thread (its deals are proven in a few hundred
 * nodes), so daily pages show a real difficulty and a past day its stored solution; every arena
 * deal is the daily's deal, so an arena's deals can be won by a known line. And one
 * finished game, played yesterday one move every `GHOST_MOVE_MS` on the server's clock, shared
 * as the challenge link `/c/GHOST_CHALLENGE`: the ghost a challenger races in the browser.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const winDeck = openWinDeck();
const dir = mkdtempSync(join(tmpdir(), 'scorpion-e2e-'));
// The server's clock runs at the real rate from noon UTC of the day the run starts, so no spec
// sees midnight pass between playing the daily and reading today's board, whenever CI runs. The
// browser times everything by the server's clock (`serverNow`), as for any player whose clock is
// off; the specs ask the server for its date (`serverDate` in helpers.ts). The server starts a day
// back to deal yesterday's daily, then catches up: a past day is public only if it was dealt on
// its day, and the specs read yesterday's.
const DAY_MS = 86_400_000;
const startedAt = Date.now();
const noon = startedAt - (startedAt % DAY_MS) + DAY_MS / 2;
let behindMs = DAY_MS;
const serverClock = () => noon + (Date.now() - startedAt) - behindMs;
const app = await buildApp({
  now: serverClock,
  databasePath: join(dir, 'e2e.db'),
  webDist: join(root, 'apps/web/dist'),
  secret: 'e2e-secret-e2e-secret-e2e-secret-e2e',
  // Every spec signs up and reads boards from 127.0.0.1; the limits have their own tests.
  limits: LIFTED,
  // A lone quick racer is offered a ghost after 3 s, not 30 (queue/queue.test.ts holds the 30 s).
  queueGhostOfferMs: 3_000,
  // A host may end an untimed race at once, not a minute after the last move (races/host-end.test.ts holds the minute).
  raceIdleBeforeEndMs: 0,
  // Two puzzles built by hand, always given in the same order (the nearest to a new player's rating
  // first): e2e/puzzles.e2e.ts solves the first and fails the second.
  puzzles: [ONE_STEP, TWO_STEPS],
  puzzleRandom: () => 0,
  // The solver's thread, as in production: hints in practice games the server dealt.
  solver: createSolverPool({ threads: 1 }),
  certifier: solverCertifier(
    { certify: async (...args: Parameters<typeof certifyDeal>) => certifyDeal(...args) },
    // The production node budget without its time limit: the same deals however busy the machine.
    { ...CERTIFY_BUDGET, ms: 600_000, tableMegabytes: 16 },
  ),
  deals: {
    daily: (variant) => ({ seed: DAILY_SEED, deck: dealFromSeed(variant, DAILY_SEED) }),
    fresh: () => ({ seed: '5eed0000000000000000000000000002', deck: winDeck }),
    // Every arena deal is the daily's deal (closed, certified), whose winning line the tests know.
    arena: (variant) => ({ seed: DAILY_SEED, deck: dealFromSeed(variant, DAILY_SEED) }),
  },
});
// The browser tests' one way to move time on: `POST /e2e/clock {"aheadMs"}` moves the server's
// clock forward (never back), so that an arena of ten minutes ends in a second
// (e2e/arenas.e2e.ts). Only this test server has the route.
app.post('/e2e/clock', async (request) => {
  const { aheadMs } = request.body as { aheadMs: number };
  if (!Number.isInteger(aheadMs) || aheadMs < 0) throw new Error('aheadMs: a whole number of ms, not negative');
  behindMs -= aheadMs;
  return { now: serverClock() };
});
await app.ready();
const yesterday = await app.inject('/api/daily');
if (yesterday.statusCode !== 200) throw new Error(`yesterday's daily was not dealt: ${yesterday.body}`);
await playGhost();
behindMs = 0;
const port = Number(process.env.E2E_PORT ?? 8080);
await app.listen({ port, host: '127.0.0.1' });
console.log(`e2e server on http://127.0.0.1:${port} with its database in ${dir}`);
// Where the operator's commands find this server's database (`pnpm moderator grant`, as
// moderation.e2e.ts runs it), by port: each Playwright worker has a server of its own.
mkdirSync(join(root, 'e2e/artifacts'), { recursive: true });
writeFileSync(join(root, `e2e/artifacts/database-path-${port}`), join(dir, 'e2e.db'));
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void app.close().then(() => process.exit(0)));

/** Ghost Ann's game: `ghostWin`'s winning line, a move every `GHOST_MOVE_MS` from yesterday. */
async function playGhost() {
  const { players, games, repos } = app;
  const ann = await players.create('Ghost Ann');
  if (!ann.ok) throw new Error(`Ghost Ann: ${ann.message}`);
  const playerId = ann.player.id;
  const game = await games.create({
    playerId,
    kind: 'practice',
    variant: 'scorpion',
    options: { foundations: false, open: true },
    seed: null,
    playerSeed: false,
    deck: ghostWinDeck(),
  });
  for (const [seq, move] of ghostWin.moves.entries()) {
    behindMs -= GHOST_MOVE_MS;
    const acted = await games.act(playerId, game.row.id, seq, move);
    if (!acted.ok) throw new Error(`Ghost Ann's move ${seq}: ${acted.message}`);
  }
  const stored = await repos.challenges.create({
    code: GHOST_CHALLENGE,
    sourceGameId: game.row.id,
    playerId,
    createdAt: serverClock(),
  });
  if (stored === 'taken') throw new Error('the e2e challenge code is taken');
}
