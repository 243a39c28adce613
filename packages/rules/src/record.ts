import { applyMove } from './apply.ts';
import { type Card, cardCode, parseDeck } from './cards.ts';
import type { IllegalReason, Move } from './moves.ts';
import { type GameState, newGame, type Options } from './state.ts';
import { type GameStatus, gameStatus } from './status.ts';
import { isVariantId, VARIANTS, type VariantId } from './variants.ts';

/**
 * A game record: the whole deck in deal order and the moves played. The CLI reads and writes
 * it, and it is the export format of every finished game.
 */
export interface GameRecord {
  readonly variant: VariantId;
  readonly options: Options;
  readonly deck: readonly string[];
  readonly moves: readonly unknown[];
}

export type ParsedRecord =
  | { readonly ok: true; readonly record: GameRecord; readonly start: GameState }
  | { readonly ok: false; readonly error: string };

/**
 * Checks that `value` is a record this engine can play: a known variant, boolean options, a full
 * deck for the variant and a list of moves. The moves themselves are judged when played.
 */
export function parseRecord(value: unknown): ParsedRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: 'a record is a JSON object' };
  }
  const r = value as Record<string, unknown>;
  if (!isVariantId(r.variant)) return { ok: false, error: `unknown variant: ${JSON.stringify(r.variant)}` };
  const options = parseOptions(r.options);
  if (typeof options === 'string') return { ok: false, error: options };
  const deck = parseDeck(r.deck, VARIANTS[r.variant].decks);
  if (typeof deck === 'string') return { ok: false, error: deck };
  const moves = r.moves ?? [];
  if (!Array.isArray(moves)) return { ok: false, error: 'moves must be an array' };
  const record: GameRecord = { variant: r.variant, options, deck: r.deck as string[], moves };
  return { ok: true, record, start: newGame(r.variant, options, deck) };
}

function parseOptions(value: unknown): Options | string {
  if (value === undefined) return { foundations: false, open: false };
  if (typeof value !== 'object' || value === null) return 'options must be an object';
  const o = value as Record<string, unknown>;
  for (const key of ['foundations', 'open'] as const) {
    if (o[key] !== undefined && typeof o[key] !== 'boolean') return `options.${key} must be true or false`;
  }
  return { foundations: o.foundations === true, open: o.open === true };
}

export function recordOf(
  variant: VariantId,
  options: Options,
  deck: readonly Card[],
  moves: readonly Move[],
): GameRecord {
  return { variant, options, deck: deck.map(cardCode), moves };
}

export type ReplayResult =
  | { readonly ok: true; readonly status: GameStatus; readonly moves: number; readonly state: GameState }
  | { readonly ok: false; readonly illegalAt: number; readonly reason: IllegalReason };

/** Plays every move of a record from its start; stops at the first illegal one. */
export function replay(start: GameState, moves: readonly unknown[]): ReplayResult {
  let state = start;
  for (let i = 0; i < moves.length; i++) {
    const result = applyMove(state, moves[i]);
    if (!result.ok) return { ok: false, illegalAt: i, reason: result.reason };
    state = result.state;
  }
  return { ok: true, status: gameStatus(state), moves: moves.length, state };
}

/** A state as the trace prints it: codes bottom to top, face-down cards in lowercase. */
export interface TraceState {
  readonly columns: string[][];
  readonly reserve: string[];
  readonly foundations: string[][];
}

export interface TraceStep {
  readonly legal: boolean;
  readonly state: TraceState;
  readonly status: GameStatus;
}

export function traceState(state: GameState): TraceState {
  return {
    columns: state.columns.map((column, c) =>
      column.map((card, row) => (row < state.hidden[c]! ? cardCode(card).toLowerCase() : cardCode(card))),
    ),
    reserve: [...state.stock, ...state.reserve].map(cardCode),
    foundations: state.foundations.map((run) => run.map(cardCode)),
  };
}

/** One step per move; an illegal move leaves the state as it was and play goes on. */
export function trace(start: GameState, moves: readonly unknown[]): TraceStep[] {
  let state = start;
  return moves.map((move) => {
    const result = applyMove(state, move);
    if (result.ok) state = result.state;
    return { legal: result.ok, state: traceState(state), status: gameStatus(state) };
  });
}
