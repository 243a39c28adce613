import { openDb } from '../../db/open.ts';
import type { HoldOutcome } from '../../db/wal-keeper.ts';
import type { Repos } from '../types.ts';
import { sqliteBoards } from './boards.ts';
import { sqliteChallenges } from './challenges.ts';
import { sqliteDaily } from './daily.ts';
import { sqliteEvidence } from './evidence.ts';
import { sqliteGames } from './games.ts';
import { sqliteLeader } from './leader.ts';
import { sqliteModeration } from './moderation.ts';
import { sqliteOneTimeKeys } from './one-time-keys.ts';
import { sqliteOutage } from './outage.ts';
import { sqliteOwnership } from './ownership.ts';
import { sqlitePasskeys } from './passkeys.ts';
import { sqlitePlayers } from './players.ts';
import { sqliteProfiles } from './profiles.ts';
import { sqliteRaces } from './races.ts';
import { sqliteRatings } from './ratings.ts';
import { latestMigration, readiness } from './ready.ts';
import { sqliteRooms } from './rooms.ts';
import { sqliteSessions } from './sessions.ts';
import { sqliteSettings } from './settings.ts';

/**
 * The SQLite implementation of every repository, on one database file. `onCommit` hears how
 * long each group commit of game actions took, and `onWalHold` how each hold of them for a WAL
 * catch-up ended and how long it took (for the metrics).
 */
export function sqliteRepos(
  path: string,
  sync: 'normal' | 'full' = 'normal',
  onCommit?: (seconds: number) => void,
  onWalHold?: (outcome: HoldOutcome, seconds: number) => void,
): Repos {
  const opened = openDb(path, sync, onWalHold ? { onHold: onWalHold } : {});
  const { db, sqlite } = opened;
  const newest = latestMigration();
  return {
    settings: sqliteSettings(db),
    players: sqlitePlayers(db),
    sessions: sqliteSessions(db),
    passkeys: sqlitePasskeys(db),
    oneTimeKeys: sqliteOneTimeKeys(db),
    games: sqliteGames(db, sqlite, sync, onCommit, opened.commits),
    daily: sqliteDaily(db),
    rooms: sqliteRooms(db),
    races: sqliteRaces(db),
    boards: sqliteBoards(db),
    ownership: sqliteOwnership(db),
    leader: sqliteLeader,
    outage: sqliteOutage(db),
    ratings: sqliteRatings(db),
    profiles: sqliteProfiles(db),
    challenges: sqliteChallenges(db),
    moderation: sqliteModeration(db),
    evidence: sqliteEvidence(db),
    ready: async () => readiness(sqlite, newest),
    close: opened.close,
  };
}
