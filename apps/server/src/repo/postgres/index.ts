import pg from 'pg';
import { openPg, PG_MIGRATIONS } from '../../db/pg-open.ts';
import { latestMigration } from '../sqlite/ready.ts';
import type { Repos } from '../types.ts';
import { pgBoards } from './boards.ts';
import { pgChallenges } from './challenges.ts';
import { pgDaily } from './daily.ts';
import { pgEvidence } from './evidence.ts';
import { pgGames } from './games.ts';
import { pgLeader } from './leader.ts';
import { pgModeration } from './moderation.ts';
import { pgOneTimeKeys } from './one-time-keys.ts';
import { pgOutage } from './outage.ts';
import { pgOwnership } from './ownership.ts';
import { pgPasskeys } from './passkeys.ts';
import { pgPlayers } from './players.ts';
import { pgProfiles } from './profiles.ts';
import { pgRaces } from './races.ts';
import { pgRatings } from './ratings.ts';
import { pgReadiness } from './ready.ts';
import { pgRooms } from './rooms.ts';
import { pgSessions } from './sessions.ts';
import { pgSettings } from './settings.ts';

/**
 * The PostgreSQL implementation of every repository (cluster mode, `DATABASE_URL`), migrated
 * before it returns. `onCommit` hears how long each group commit of game actions took.
 */
export async function pgRepos(url: string, onCommit?: (seconds: number) => void): Promise<Repos> {
  const newest = latestMigration(PG_MIGRATIONS);
  const { db, pool, close } = await openPg(url);
  const leader = pgLeader(url);
  // Readiness asks on a connection of its own. Behind the players' queries in the pool, a burst
  // (hundreds of rooms set up at once) kept every process's /readyz waiting past HAProxy's check
  // timeout, and HAProxy took them all out together: a busy pool is not a database that is gone.
  const probe = new pg.Pool({ connectionString: url, max: 1 });
  probe.on('error', () => {});
  return {
    settings: pgSettings(db),
    players: pgPlayers(db),
    sessions: pgSessions(db),
    passkeys: pgPasskeys(db),
    oneTimeKeys: pgOneTimeKeys(db),
    games: pgGames(db, pool, onCommit),
    daily: pgDaily(db, pool),
    rooms: pgRooms(db),
    races: pgRaces(db),
    boards: pgBoards(db),
    ownership: pgOwnership(db),
    leader,
    outage: pgOutage(db),
    ratings: pgRatings(db),
    profiles: pgProfiles(db),
    challenges: pgChallenges(db),
    moderation: pgModeration(db),
    evidence: pgEvidence(db),
    ready: () => pgReadiness(probe, newest),
    async close() {
      await leader.close();
      await probe.end();
      await close();
    },
  };
}
