import pg from 'pg';
import { openPg, PG_MIGRATIONS } from '../../db/pg-open.ts';
import { sharedArenas } from '../shared/arenas.ts';
import { sharedPasskeys } from '../shared/devices.ts';
import { sharedEvidence } from '../shared/evidence.ts';
import { sharedHints } from '../shared/hints.ts';
import { sharedLate } from '../shared/late.ts';
import { sharedProfiles } from '../shared/profiles.ts';
import { sharedPuzzleRace } from '../shared/puzzle-race.ts';
import { sharedPuzzleRush } from '../shared/puzzle-rush.ts';
import { sharedPuzzles } from '../shared/puzzles.ts';
import { sharedRatings } from '../shared/ratings.ts';
import { sharedOneTimeKeys, sharedSettings } from '../shared/settings.ts';
import { latestMigration } from '../sqlite/ready.ts';
import type { Repos } from '../types.ts';
import { pgBoards } from './boards.ts';
import { pgChallenges } from './challenges.ts';
import { pgDaily } from './daily.ts';
import { type GroupCommitHooks, pgGames } from './games.ts';
import { pgLeader } from './leader.ts';
import { pgModeration } from './moderation.ts';
import { pgOutage } from './outage.ts';
import { pgOwnership } from './ownership.ts';
import { pgPlayers } from './players.ts';
import { pgRaces } from './races.ts';
import { pgReadiness } from './ready.ts';
import { pgRooms } from './rooms.ts';
import { pgSessions } from './sessions.ts';
import { pgStore } from './store.ts';

/**
 * The PostgreSQL implementation of every repository (cluster mode, `DATABASE_URL`), migrated
 * before it returns. `hooks` hear of each group commit of game actions (and tests set its window).
 */
export async function pgRepos(url: string, hooks: GroupCommitHooks = {}): Promise<Repos> {
  const newest = latestMigration(PG_MIGRATIONS);
  const { db, pool, close } = await openPg(url);
  const leader = pgLeader(url);
  const store = pgStore(db);
  // Readiness asks on a connection of its own. Behind the players' queries in the pool, a burst
  // (hundreds of rooms set up at once) kept every process's /readyz waiting past HAProxy's check
  // timeout, and HAProxy took them all out together: a busy pool is not a database that is gone.
  const probe = new pg.Pool({ connectionString: url, max: 1 });
  probe.on('error', () => {});
  return {
    settings: sharedSettings(store),
    players: pgPlayers(db),
    sessions: pgSessions(db),
    passkeys: sharedPasskeys(store),
    oneTimeKeys: sharedOneTimeKeys(store),
    games: pgGames(db, pool, hooks),
    daily: pgDaily(db, pool),
    rooms: pgRooms(db),
    races: pgRaces(db),
    boards: pgBoards(db),
    ownership: pgOwnership(db),
    leader,
    outage: pgOutage(db),
    ratings: sharedRatings(store),
    profiles: sharedProfiles(store),
    challenges: pgChallenges(db),
    moderation: pgModeration(db),
    evidence: sharedEvidence(store),
    arenas: sharedArenas(store),
    hints: sharedHints(store),
    puzzles: sharedPuzzles(store),
    puzzleRush: sharedPuzzleRush(store),
    puzzleRace: sharedPuzzleRace(store),
    late: sharedLate(store),
    ready: () => pgReadiness(probe, newest),
    async close() {
      await leader.close();
      await probe.end();
      await close();
    },
  };
}
