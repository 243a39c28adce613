import { configFromEnv } from '../config.ts';
import { commandRepos } from '../ops/command-repos.ts';
import { buildExport } from './build.ts';
import { lastClosedMonth } from './month.ts';
import { publicGate } from './public-gate.ts';

/**
 * `pnpm export-games [YYYY-MM]` (or `node dist/exports/cli.js …` from apps/server): makes a
 * closed month's open-data file (the last closed month without one) in `EXPORTS_DIR`, from the
 * database the server uses (PostgreSQL when `DATABASE_URL` is set, else `DATABASE_PATH`). Safe
 * while the server runs, which serves the file at `/api/exports` as soon as it is there. Run it
 * early each month (a timer, docs/open-data.md); running it again makes the same month anew.
 */
const USAGE = 'usage: pnpm export-games [YYYY-MM]   (default: the last month that has closed)';

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(2)} MB`;
}

async function main(args: readonly string[]): Promise<number> {
  const words = args.filter((a) => a !== '--');
  if (words.includes('--help') || words.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (words.length > 1) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const now = Date.now();
  const month = words[0] ?? lastClosedMonth(now);
  const dir = configFromEnv({ ...process.env, DATABASE_URL: undefined }).exportsDir;
  const repos = await commandRepos(process.env);
  try {
    const built = await buildExport({ repos, isPublic: publicGate(repos, () => now) }, dir, month, now);
    if (!built.ok) {
      const why = built.reason === 'bad-month' ? `${month} is not a month (YYYY-MM)` : `${month} has not closed yet`;
      process.stderr.write(`${why}\n${USAGE}\n`);
      return 2;
    }
    const { info, withheld } = built;
    const kept = withheld > 0 ? `; ${withheld} left out, their deal still secret (make it again later)` : '';
    process.stdout.write(
      `${info.month}: ${info.games} games, ${megabytes(info.bytes)}, sha256 ${info.sha256}${kept}\n`,
    );
    return 0;
  } finally {
    await repos.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`export-games failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
