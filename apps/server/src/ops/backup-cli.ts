import { resolve } from 'node:path';
import { configFromEnv } from '../config.ts';
import { BackupError, type BackupReport, backupDatabase } from './backup.ts';

/**
 * `pnpm backup PATH [--force]` (or, where there is no pnpm, as in the image, `node
 * dist/ops/backup-cli.js PATH` from apps/server): an online backup of the database the server
 * uses (`DATABASE_PATH`, resolved as the server resolves it), safe while players play.
 * A relative PATH means relative to where the command was typed: pnpm runs scripts from the
 * repository root but says where it was called from in INIT_CWD.
 */
const USAGE = 'usage: pnpm backup PATH [--force]   (PATH must not exist unless --force)';

function describe(report: BackupReport): string {
  const megabytes = (report.bytes / 1024 / 1024).toFixed(2);
  const tables = Object.entries(report.tables).map(([name, rows]) => `${name} ${rows}`);
  return [
    `backup written: ${report.path} (${report.bytes} bytes, ${megabytes} MiB)`,
    `from: ${report.source}`,
    `integrity: ok; migrations: ${report.migrations.applied} (latest ${report.migrations.latest ?? 'unknown to this version'})`,
    `games: ${report.games}; moves: ${report.moves}`,
    `tables: ${tables.join(', ')}`,
  ].join('\n');
}

async function main(args: readonly string[]): Promise<number> {
  // Asked for, not a mistake: the usage on stdout and status 0, as `scorpion --help` does.
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const force = args.includes('--force');
  // pnpm may pass a literal `--` through; it separates nothing here.
  const rest = args.filter((a) => a !== '--force' && a !== '--');
  if (rest.length !== 1 || rest[0]!.startsWith('-')) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const dest = resolve(process.env.INIT_CWD ?? process.cwd(), rest[0]!);
  try {
    // The server's own reading of the environment, so DATABASE_PATH means the same file.
    const { databasePath } = configFromEnv();
    process.stdout.write(`${describe(await backupDatabase(databasePath, dest, { force }))}\n`);
    return 0;
  } catch (error) {
    if (error instanceof BackupError) process.stderr.write(`backup failed (${error.code}): ${error.message}\n`);
    else process.stderr.write(`backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
