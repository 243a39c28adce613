import { nicknameKey } from '../identity/nickname.ts';
import { commandRepos } from './command-repos.ts';

/**
 * `pnpm moderator grant|revoke NICKNAME` (or `node dist/ops/moderator-cli.js …` from apps/server,
 * where there is no pnpm): makes a player a moderator, or no longer one, on the database the
 * server uses: PostgreSQL when `DATABASE_URL` is set, else the SQLite file of `DATABASE_PATH`.
 * Safe while the server runs; a moderator sees `/mod` from their next page load.
 */
const USAGE = 'usage: pnpm moderator grant|revoke NICKNAME';

async function main(args: readonly string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [verb, ...name] = args.filter((a) => a !== '--');
  const nickname = name.join(' ').trim();
  if ((verb !== 'grant' && verb !== 'revoke') || nickname === '') {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const repos = await commandRepos(process.env);
  try {
    const player = await repos.players.byNicknameKey(nicknameKey(nickname));
    if (!player) {
      process.stderr.write(`nobody is called ${nickname}\n`);
      return 1;
    }
    if (verb === 'grant') {
      const done = await repos.moderation.grant(player.id, Date.now());
      process.stdout.write(
        done === 'ok' ? `${player.nickname} is now a moderator\n` : `${player.nickname} was a moderator already\n`,
      );
    } else {
      const done = await repos.moderation.revoke(player.id);
      process.stdout.write(
        done ? `${player.nickname} is no longer a moderator\n` : `${player.nickname} was not a moderator\n`,
      );
    }
    return 0;
  } finally {
    await repos.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`moderator failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
