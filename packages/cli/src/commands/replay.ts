import { parseRecord, replay, trace } from '@scorpion/rules';
import type { Args, FlagSpec } from '../args.ts';
import { illegalMoveText } from '../illegal-move.ts';
import { parseJsonLine } from '../io.ts';

export const REPLAY_FLAGS: FlagSpec = { trace: { type: 'boolean' } };

/**
 * `scorpion replay [--trace]`: one JSON line out per record in. Without `--trace`, whether the
 * moves replay and how the game stands; a record with an illegal move fails (its line says which
 * move and why, and the exit status is 1), as does a line that is not a playable record
 * (`{"error": …}`). With `--trace`, every step's state: an illegal step is part of the answer
 * (`"legal": false`, play goes on, as the conformance traces expect), not a failure.
 */
export function replayLine(line: string, args: Args): { json: string; ok: boolean } {
  const input = parseJsonLine(line);
  if (!input.ok) return { json: JSON.stringify({ error: input.error }), ok: false };
  const parsed = parseRecord(input.value);
  if (!parsed.ok) return { json: JSON.stringify({ error: parsed.error }), ok: false };
  const { start, record } = parsed;
  if (args.flags.has('trace')) return { json: JSON.stringify({ steps: trace(start, record.moves) }), ok: true };
  const result = replay(start, record.moves);
  if (result.ok) return { json: JSON.stringify({ ok: true, status: result.status, moves: result.moves }), ok: true };
  const { illegalAt, reason } = result;
  const error = illegalMoveText(illegalAt, record.moves.length, reason);
  return { json: JSON.stringify({ ok: false, illegalAt, reason, error }), ok: false };
}
