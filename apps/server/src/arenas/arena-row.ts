import { randomBytes } from 'node:crypto';
import type { ArenaGame, ArenaStatus, ArenaSummary, Player } from '@scorpion/protocol';
import type { ArenaResultRow, ArenaRow, GameRow } from '../repo/types.ts';
import { type ScheduledArena, scheduledArena } from './schedule.ts';
import type { DealOutcome, StoredResult } from './scoring.ts';
import { DEAL_LIMIT_MS, dealDeadline } from './time-limit.ts';

/*
 * An arena as stored and as shown: the row a scheduled arena is written as, its status on the
 * clock, its summary, each game's row as the table reads it, and each stored game read as a
 * deal result for the score sheet.
 */

/** The row of a scheduled arena: the same on every process that writes it. */
export function scheduledRow(arena: ScheduledArena): ArenaRow {
  const { id, kind, name, variant, startsAt, endsAt, minutes } = arena;
  // `createdAt` is the start: a row written by any process at any time must be the same row.
  return {
    id,
    kind,
    name,
    variant,
    startsAt,
    endsAt,
    minutes,
    createdBy: null,
    createdAt: startsAt,
    winnerId: null,
    settledAt: null,
  };
}

/** The arena an id names, stored or still only on the schedule. */
export function scheduledRowOf(id: string): ArenaRow | undefined {
  const arena = scheduledArena(id);
  return arena ? scheduledRow(arena) : undefined;
}

/** A private arena's id: `p-` and 12 random characters of base64url (72 bits). */
export function privateArenaId(): string {
  return `p-${randomBytes(9).toString('base64url')}`;
}

export function statusAt(arena: Pick<ArenaRow, 'startsAt' | 'endsAt'>, now: number): ArenaStatus {
  return now < arena.startsAt ? 'upcoming' : now < arena.endsAt ? 'running' : 'finished';
}

export function summaryOf(
  row: ArenaRow,
  players: number,
  names: { createdBy: Player | null; winner: Player | null },
  now: number,
): ArenaSummary {
  const status = statusAt(row, now);
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    variant: row.variant,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    minutes: row.minutes,
    dealLimitMs: DEAL_LIMIT_MS[row.variant],
    status,
    players,
    createdBy: names.createdBy,
    winner: status === 'finished' ? names.winner : null,
  };
}

/** The part of a game row the table reads (`ArenaResultRow`), taken from a live game's row. */
export function resultRowOf(row: GameRow): ArenaResultRow {
  const { id, playerId, arenaDeal, status, berserk, startedAt, pausedMs, finishedAt, timeMs, closesAt } = row;
  return { id, playerId, arenaDeal, status, berserk, startedAt, pausedMs, finishedAt, timeMs, closesAt };
}

/**
 * How a stored game of the arena counts. A game still in play is `unfinished`; one the clock
 * ended is timed out only when its own limit came within the arena, and `unfinished` when the
 * arena's end cut it short (time-limit.ts). Its own limit is counted from its deal less the
 * server downtime credited to it (`pausedMs`), as its clock is. A result stored after the arena's end (a process
 * that had not heard of it) counts for nothing either, so no result can land after the table
 * is final.
 */
export function outcomeOf(game: ArenaResultRow, arena: Pick<ArenaRow, 'variant' | 'endsAt'>): DealOutcome {
  if (game.status === 'playing') return 'unfinished';
  if (game.finishedAt !== null && game.finishedAt > arena.endsAt) return 'unfinished';
  if (game.status === 'timed-out') {
    return dealDeadline(arena.variant, game.startedAt + game.pausedMs, arena.endsAt).outcome;
  }
  return game.status;
}

export function resultOf(game: ArenaResultRow, arena: Pick<ArenaRow, 'variant' | 'endsAt'>): StoredResult {
  return {
    playerId: game.playerId,
    deal: game.arenaDeal ?? 0,
    outcome: outcomeOf(game, arena),
    berserk: game.berserk,
    elapsedMs: game.timeMs ?? 0,
  };
}

/** A finished arena's game as its table lists it. */
export function arenaGame(
  game: ArenaResultRow,
  points: number,
  arena: Pick<ArenaRow, 'variant' | 'endsAt'>,
): ArenaGame {
  return {
    deal: game.arenaDeal ?? 0,
    gameId: game.id,
    outcome: outcomeOf(game, arena),
    berserk: game.berserk,
    points,
    elapsedMs: game.timeMs ?? 0,
  };
}
