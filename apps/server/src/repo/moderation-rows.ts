import type { Row } from './row-types.ts';
import type { CaseRow, ModLogRow, RefundRace, VictimRating } from './types.ts';

/*
 * What both stores make of the moderation rows: only the SQL differs between SQLite and PostgreSQL.
 */

/** A queue entry without how it stands. */
export function caseOf(c: CaseRow): CaseRow {
  return {
    id: c.id,
    kind: c.kind,
    playerId: c.playerId,
    reporterId: c.reporterId,
    reason: c.reason,
    note: c.note,
    source: c.source,
    gameId: c.gameId,
    raceId: c.raceId,
    summary: c.summary,
    createdAt: c.createdAt,
  };
}

/** The columns a new queue entry is stored in: open, nobody told yet. */
export function caseColumns(row: CaseRow) {
  return { ...caseOf(row), status: 'open' as const, closedAt: null, reporterTold: false };
}

/** A log entry, whatever else its row was read with. */
export function logOf(l: ModLogRow): ModLogRow {
  return {
    id: l.id,
    moderatorId: l.moderatorId,
    action: l.action,
    playerId: l.playerId,
    reason: l.reason,
    at: l.at,
    cases: l.cases,
    unmarked: l.unmarked,
    undoneAt: l.undoneAt,
    undoneBy: l.undoneBy,
  };
}

type StoredStep = Pick<Row<'ratingHistory'>, 'raceId' | 'playerId' | 'rank' | 'muBefore' | 'mu' | 'games' | 'at'>;

/** Rating history rows of some races, grouped race by race, the latest first. */
export function refundRacesOf(rows: readonly StoredStep[]): RefundRace[] {
  const byRace = new Map<string, { raceId: string; at: number; racers: RefundRace['racers'][number][] }>();
  for (const { raceId, at, ...racer } of rows) {
    const race = byRace.get(raceId) ?? { raceId, at, racers: [] };
    race.racers.push(racer);
    byRace.set(raceId, race);
  }
  for (const race of byRace.values()) race.racers.sort((a, b) => a.rank - b.rank || (a.playerId < b.playerId ? -1 : 1));
  return [...byRace.values()].sort((a, b) => b.at - a.at || (a.raceId < b.raceId ? -1 : 1));
}

/**
 * Each rated player's mean now and the highest it ever stood at: now, before some race (the first
 * one's start, too) or after it.
 */
export function victimRatingsOf(
  current: readonly { playerId: string; mu: number }[],
  highest: readonly { playerId: string; mu: number | null; before: number | null }[],
): VictimRating[] {
  return current.map(({ playerId, mu }) => {
    const h = highest.find((x) => x.playerId === playerId);
    return { playerId, mu, highestMu: Math.max(mu, h?.mu ?? mu, h?.before ?? mu) };
  });
}
