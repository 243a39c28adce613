import { type GameRecord, type GameState, type GameStatus, gameStatus, parseRecord, replay } from '@scorpion/rules';
import { reasonText } from '../board/reasons.ts';
import { m } from '../paraglide/messages.js';
import { replayStates } from './replayStates.ts';

/**
 * A record as text, the way `pnpm scorpion` reads and writes it: one JSON object on one line,
 * `{"variant","options","deck","moves"}`, so an exported game can be piped to the CLI as it is.
 */
export function recordText(record: GameRecord): string {
  return JSON.stringify({ variant: record.variant, options: record.options, deck: record.deck, moves: record.moves });
}

/** A pasted or chosen file beyond this is not a game record (a long game is tens of kilobytes). */
export const MAX_RECORD_CHARS = 2_000_000;

export type OpenedRecord =
  | {
      readonly ok: true;
      readonly record: GameRecord;
      /** Every position the record reaches, start first: up to its first illegal move. */
      readonly states: readonly GameState[];
      /** How the game stands at the last position shown. */
      readonly status: GameStatus;
      /** The first move the rules refuse, 1-based, with why: the replay stops before it. */
      readonly illegal?: { readonly move: number; readonly reason: string };
    }
  | { readonly ok: false; readonly error: string };

/**
 * Reads pasted or loaded text for the replay viewer. Text that is not JSON, or JSON that is not
 * a record, gets one sentence that says what is wrong (the rules' own words from `parseRecord`).
 */
export function readRecord(text: string): OpenedRecord {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: m.game_record_empty() };
  if (trimmed.length > MAX_RECORD_CHARS) return { ok: false, error: m.game_record_too_long() };
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (e) {
    return { ok: false, error: notJson(trimmed, e) };
  }
  return openRecord(value);
}

/**
 * Replays a record's moves for the viewer. A record with an illegal move still opens, up to that
 * move, with the rules' reason (from `replay`), so a player can see where it went wrong.
 */
export function openRecord(value: unknown): OpenedRecord {
  const parsed = parseRecord(value);
  if (!parsed.ok) return { ok: false, error: m.game_record_invalid({ detail: parsed.error }) };
  const { record, start } = parsed;
  const states = replayStates(start, record.moves);
  const status = gameStatus(states[states.length - 1]!);
  const result = replay(start, record.moves);
  if (result.ok) return { ok: true, record, states, status };
  const illegal = { move: result.illegalAt + 1, reason: reasonText(result.reason) };
  return { ok: true, record, states, status, illegal };
}

/** The CLI writes one record per line: several pasted lines get their own message. */
function notJson(text: string, error: unknown): string {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  if (lines.length > 1 && isJson(lines[0]!)) return m.game_record_several();
  return m.game_record_not_json({ detail: error instanceof Error ? error.message : String(error) });
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
