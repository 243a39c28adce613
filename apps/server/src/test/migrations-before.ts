import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gameRow } from '../repo/contract/fixtures.ts';
import type { GameRow } from '../repo/types.ts';

/**
 * A copy of the drizzle-kit migrations in `folder`, put in `into`, that stops before `tag`: to
 * store rows in a database as it was before that migration, then apply the rest.
 */
export function migrationsBefore(folder: string, tag: string, into: string): string {
  cpSync(folder, into, { recursive: true });
  const path = join(into, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(path, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag} in ${folder}`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(path, JSON.stringify(journal));
  return into;
}

/**
 * Daily games as a cluster could store them before `games_daily_ranked`: three ranked games of
 * one player's day (the second holding the day's result), a practice replay, and another player's.
 */
export function rankedTwice(): { games: GameRow[]; withResult: GameRow; ranked: string[] } {
  const day = (playerId: string, startedAt: number, ranked = true) =>
    gameRow(playerId, { kind: 'daily', dailyDate: '2026-06-01', ranked, startedAt });
  const games = [day('p', 1_000), day('p', 2_000), day('p', 3_000), day('p', 4_000, false), day('q', 5_000)];
  return { games, withResult: games[1]!, ranked: [games[1]!.id, games[4]!.id].sort() };
}

/** The day's result of `game`, as the table holds one (only its game matters here). */
export function resultOf(game: GameRow) {
  return {
    date: game.dailyDate!,
    playerId: game.playerId,
    gameId: game.id,
    won: false,
    timeMs: 1,
    moves: 0,
    progress: 0,
    faceDown: 0,
    verified: true,
    sortKey: 0,
    finishedAt: 1,
  };
}
