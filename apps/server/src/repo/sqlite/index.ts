import { openDb, type StorageWatching } from '../../db/open.ts';
import { storageProbe } from '../../db/storage-probe.ts';
import type { HoldOutcome } from '../../db/wal-keeper.ts';
import type { CommitTimes } from '../group-commit.ts';
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
import type { Repos } from '../types.ts';
import { sqliteBoards } from './boards.ts';
import { sqliteChallenges } from './challenges.ts';
import { sqliteDaily } from './daily.ts';
import { sqliteGames } from './games.ts';
import { sqliteLeader } from './leader.ts';
import { sqliteModeration } from './moderation.ts';
import { sqliteOutage } from './outage.ts';
import { sqliteOwnership } from './ownership.ts';
import { sqlitePlayers } from './players.ts';
import { sqliteRaces } from './races.ts';
import { latestMigration, readiness } from './ready.ts';
import { sqliteRooms } from './rooms.ts';
import { sqliteSessions } from './sessions.ts';
import { sqliteStore } from './store.ts';

/**
 * The SQLite implementation of every repository, on one database file. `commitTimes` counts how
 * long each group commit of game actions took, and `onWalHold` how each hold of them for a WAL
 * catch-up ended and how long it took (for the metrics); `watching` who hears whether the file
 * takes writes (and, in tests, how it is opened).
 */
export function sqliteRepos(
  path: string,
  sync: 'normal' | 'full' = 'normal',
  commitTimes?: CommitTimes,
  onWalHold?: (outcome: HoldOutcome, seconds: number) => void,
  watching: StorageWatching = {},
): Repos {
  const opened = openDb(path, sync, onWalHold ? { onHold: onWalHold } : {}, watching);
  const { db, sqlite, health } = opened;
  const newest = latestMigration();
  const probe = storageProbe(sqlite, path, health);
  const store = sqliteStore(db);
  return {
    settings: sharedSettings(store),
    players: sqlitePlayers(db),
    sessions: sqliteSessions(db),
    passkeys: sharedPasskeys(store),
    oneTimeKeys: sharedOneTimeKeys(store),
    games: sqliteGames(db, sqlite, sync, commitTimes, opened.commits, health),
    daily: sqliteDaily(db),
    rooms: sqliteRooms(db),
    races: sqliteRaces(db),
    boards: sqliteBoards(db),
    ownership: sqliteOwnership(db),
    leader: sqliteLeader,
    outage: sqliteOutage(db),
    ratings: sharedRatings(store),
    profiles: sharedProfiles(store),
    challenges: sqliteChallenges(db),
    moderation: sqliteModeration(db),
    evidence: sharedEvidence(store),
    arenas: sharedArenas(store),
    hints: sharedHints(store),
    puzzles: sharedPuzzles(store),
    puzzleRush: sharedPuzzleRush(store),
    puzzleRace: sharedPuzzleRace(store),
    late: sharedLate(store),
    ready: async () => readiness(sqlite, newest, probe),
    storage: () => health.state,
    close: opened.close,
  };
}
