/**
 * An arena's score sheet, computed from a player's stored deal results alone, so the standings
 * can be rebuilt from storage at any time and always come out the same (docs/arenas.md).
 *
 * - A win scores 2. Two wins in a row set the player on fire: every win after them scores 4,
 *   until a deal is lost. A player is on fire when their last two finished deals are wins.
 * - Berserk (chosen before the deal is dealt: no undo, no hint) adds 1 to a win, and that 1 is
 *   not doubled on fire (lichess's sheet does the same): berserk pays for the risk of the deal,
 *   fire for the streak, and neither multiplies the other. A berserk win on fire scores 5.
 * - A deal given up or timed out scores 0 and puts the fire out, berserk or not. A disconnect
 *   is not an outcome: the deal's clock runs on, and it times out if the player is not back.
 * - A deal not over (in play now, or cut by the arena's end) counts for nothing: 0 points and
 *   the streak left as it was. The player lost to the arena's clock, not to the deal, and the
 *   final table then shows each player's fire exactly as the last live table did.
 */

/** How a deal of the arena ended for the player; `unfinished` is a deal not over. */
export type DealOutcome = 'won' | 'gave-up' | 'timed-out' | 'unfinished';

/** One deal's stored result: `deal` counts from 1, `elapsedMs` on the server's clock. */
export interface DealResult {
  readonly deal: number;
  readonly outcome: DealOutcome;
  readonly berserk: boolean;
  readonly elapsedMs: number;
}

/** What one deal scored: `doubled` when a win came on fire, `bonus` the berserk point. */
export interface DealScore extends DealResult {
  readonly points: number;
  readonly doubled: boolean;
  readonly bonus: number;
}

export interface Sheet {
  readonly score: number;
  /** On fire now: the next win scores double. */
  readonly fire: boolean;
  /** Wins in a row up to now. */
  readonly streak: number;
  readonly wins: number;
  /** The time the wins took, added up: the tie-break, less is better. */
  readonly winTimeMs: number;
  readonly perDeal: readonly DealScore[];
}

export const WIN_POINTS = 2;
export const FIRE_MULTIPLIER = 2;
export const BERSERK_BONUS = 1;
/** Wins in a row that light the fire: the win after them is the first doubled. */
export const FIRE_AFTER = 2;

/**
 * The sheet of one player. `results` come in deal order, one per deal (storage keys them by
 * arena, player and deal); anything else is a caller's bug, and is thrown rather than scored,
 * since a deal counted twice is exactly what the sheet must never do.
 */
export function sheet(results: readonly DealResult[]): Sheet {
  let score = 0;
  let streak = 0;
  let wins = 0;
  let winTimeMs = 0;
  const perDeal: DealScore[] = [];
  let previous = 0;
  for (const result of results) {
    if (!Number.isInteger(result.deal) || result.deal <= previous) {
      throw new RangeError(`deal ${result.deal} after deal ${previous}: results must be in deal order, once each`);
    }
    previous = result.deal;
    const scored = scoreDeal(result, streak >= FIRE_AFTER);
    perDeal.push(scored);
    score += scored.points;
    if (result.outcome === 'won') {
      streak++;
      wins++;
      winTimeMs += result.elapsedMs;
    } else if (result.outcome !== 'unfinished') {
      streak = 0;
    }
  }
  return { score, fire: streak >= FIRE_AFTER, streak, wins, winTimeMs, perDeal };
}

function scoreDeal(result: DealResult, onFire: boolean): DealScore {
  // Field by field: a stored row's other columns stay out of the sheet.
  const { deal, outcome, berserk, elapsedMs } = result;
  if (outcome !== 'won') return { deal, outcome, berserk, elapsedMs, points: 0, doubled: false, bonus: 0 };
  const bonus = berserk ? BERSERK_BONUS : 0;
  const base = onFire ? WIN_POINTS * FIRE_MULTIPLIER : WIN_POINTS;
  return { deal, outcome, berserk, elapsedMs, points: base + bonus, doubled: onFire, bonus };
}

/** A player's sheet with who they are, as the table needs it. */
export interface Entry {
  readonly playerId: string;
  readonly name: string;
  readonly sheet: Sheet;
}

export interface Standing extends Entry {
  readonly rank: number;
}

/**
 * Higher score first; on equal scores, the wins that took less time in all. Players equal on
 * both share a rank.
 */
export function compareSheets(a: Sheet, b: Sheet): number {
  return b.score - a.score || a.winTimeMs - b.winTimeMs;
}

/**
 * Players who share a rank are listed by id, compared code unit by code unit, so every process
 * and either store (their collations differ) lists a tie in the same order.
 */
function byId(a: Entry, b: Entry): number {
  return a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0;
}

/** The ordered table, ranked 1, 2, 2, 4: a rank is one more than the players strictly ahead. */
export function standings(entries: readonly Entry[]): Standing[] {
  const sorted = [...entries].sort((a, b) => compareSheets(a.sheet, b.sheet) || byId(a, b));
  const table: Standing[] = [];
  for (const [i, entry] of sorted.entries()) {
    const before = table[i - 1];
    const tied = before !== undefined && compareSheets(before.sheet, entry.sheet) === 0;
    table.push({ ...entry, rank: tied ? before.rank : i + 1 });
  }
  return table;
}

/**
 * One number per player that orders the table ascending, for a sorted set shared by every
 * process (Redis's holds doubles, exact to 2^53): fewer points is a larger key, then more win
 * time. Equal keys are equal places, and a sorted set lists them by member, the player's id,
 * as `standings` does. Exact while points stay under 900,000 and win time under 10^10 ms.
 */
export function tableKey(s: Sheet): number {
  return -s.score * 1e10 + s.winTimeMs;
}

/** A stored result row of an arena, one per player and deal. */
export interface StoredResult extends DealResult {
  readonly playerId: string;
}

/**
 * The table rebuilt from storage alone: every player who joined (with no deal finished, they
 * share the last place) and their results, in any order.
 */
export function tableFromRows(
  players: readonly { readonly playerId: string; readonly name: string }[],
  rows: readonly StoredResult[],
): Standing[] {
  const byPlayer = new Map<string, StoredResult[]>(players.map((p) => [p.playerId, []]));
  for (const row of rows) byPlayer.get(row.playerId)?.push(row);
  return standings(
    players.map((p) => ({
      playerId: p.playerId,
      name: p.name,
      sheet: sheet(byPlayer.get(p.playerId)!.sort((a, b) => a.deal - b.deal)),
    })),
  );
}
