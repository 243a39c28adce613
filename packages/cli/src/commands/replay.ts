import { parseRecord, replay, trace } from '@scorpion/rules';
import type { Args, FlagSpec } from '../args.ts';
import { parseJsonLine } from '../io.ts';

export const REPLAY_FLAGS: FlagSpec = { trace: { type: 'boolean' } };

/**
 * `scorpion replay [--trace]`: one JSON line out per record in. Without `--trace`, whether the
 * moves replay and how the game stands; with it, every step's state. A line that is not a
 * playable record gets `{"error": …}`.
 */
export function replayLine(line: string, args: Args): { json: string; ok: boolean } {
  const input = parseJsonLine(line);
  if (!input.ok) return { json: JSON.stringify({ error: input.error }), ok: false };
  const parsed = parseRecord(input.value);
  if (!parsed.ok) return { json: JSON.stringify({ error: parsed.error }), ok: false };
  const { start, record } = parsed;
  if (args.flags.has('trace')) return { json: JSON.stringify({ steps: trace(start, record.moves) }), ok: true };
  const result = replay(start, record.moves);
  const summary = result.ok
    ? { ok: true, status: result.status, moves: result.moves }
    : { ok: false, illegalAt: result.illegalAt, reason: result.reason };
  return { json: JSON.stringify(summary), ok: true };
}
