import type Database from 'better-sqlite3';
import { openDb } from '../../db/open.ts';
import type { Repos } from '../types.ts';
import { sqliteBoards } from './boards.ts';
import { sqliteDaily } from './daily.ts';
import { sqliteGames } from './games.ts';
import { sqlitePlayers } from './players.ts';
import { sqliteRaces } from './races.ts';
import { sqliteRooms } from './rooms.ts';
import { sqliteSettings } from './settings.ts';

/**
 * The SQLite implementation of every repository, on one database file. `onCommit` hears how
 * long each group commit of game actions took (for the metrics); the raw handle is there for
 * the readiness check.
 */
export function sqliteRepos(
  path: string,
  sync: 'normal' | 'full' = 'normal',
  onCommit?: (seconds: number) => void,
): Repos & { readonly sqlite: Database.Database } {
  const opened = openDb(path, sync);
  const { db, sqlite } = opened;
  return {
    sqlite,
    settings: sqliteSettings(db),
    players: sqlitePlayers(db),
    games: sqliteGames(db, sqlite, onCommit),
    daily: sqliteDaily(db),
    rooms: sqliteRooms(db),
    races: sqliteRaces(db),
    boards: sqliteBoards(db),
    close: opened.close,
  };
}
