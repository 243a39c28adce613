import { formatBoard, parseRecord, replay } from '@scorpion/rules';
import type { Args, FlagSpec } from '../args.ts';
import { illegalMoveText } from '../illegal-move.ts';
import { parseJsonLine } from '../io.ts';

export const SHOW_FLAGS: FlagSpec = { reveal: { type: 'boolean' } };

/**
 * `scorpion show [--reveal]`: each record's position after its moves, as a text board.
 * Face-down cards show as `##`, or in lowercase with `--reveal`.
 */
export function showRecord(line: string, args: Args): { text: string; ok: boolean } {
  const json = parseJsonLine(line);
  if (!json.ok) return { text: `error: ${json.error}`, ok: false };
  const parsed = parseRecord(json.value);
  if (!parsed.ok) return { text: `error: ${parsed.error}`, ok: false };
  const result = replay(parsed.start, parsed.record.moves);
  if (!result.ok) {
    const error = illegalMoveText(result.illegalAt, parsed.record.moves.length, result.reason);
    return { text: `error: ${error}`, ok: false };
  }
  const header = `${parsed.record.variant} · ${result.moves} moves · ${result.status}`;
  return { text: `${header}\n${formatBoard(result.state, args.flags.has('reveal'))}`, ok: true };
}
