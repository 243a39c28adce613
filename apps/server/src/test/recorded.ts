import { newGameRow } from '../games/new-row.ts';
import type { GameRow, StoredAction } from '../repo/types.ts';
import { WINNING_DECK } from './deals.ts';

const T0 = 1_000_000;

/** A finished game of the winning deal: each action stored `at` ms after its start, then `end`. */
export function recorded(
  played: readonly { at: number; action: StoredAction['action'] }[],
  end: { status: GameRow['status']; timeMs: number },
): { row: GameRow; log: StoredAction[] } {
  const row = newGameRow(
    {
      playerId: 'p',
      kind: 'practice',
      variant: 'scorpion',
      options: { foundations: false, open: false },
      seed: null,
      playerSeed: false,
      deck: WINNING_DECK,
    },
    T0,
  );
  const log = played.map((p, seq) => ({ seq, action: p.action, at: T0 + p.at }));
  return { row: { ...row, status: end.status, timeMs: end.timeMs, finishedAt: T0 + end.timeMs }, log };
}
