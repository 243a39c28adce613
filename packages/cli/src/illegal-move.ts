import { describeReason, type IllegalReason } from '@scorpion/rules';

/**
 * An illegal move of a record in words, counted from 1 as the replay page counts it ("move 2 of
 * 5"), so the CLI and the browser name the same move alike; `illegalAt` is its 0-based index in
 * the record's `moves`, as `replay` gives it.
 */
export function illegalMoveText(illegalAt: number, moveCount: number, reason: IllegalReason): string {
  return `move ${illegalAt + 1} of ${moveCount} is illegal: ${describeReason(reason)}`;
}
