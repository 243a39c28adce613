import type { Card } from './cards.ts';

/** All indices are 0-based; `row` counts from the bottom of the column (0 = bottom card). */
export type Move =
  | { readonly kind: 'move'; readonly from: number; readonly row: number; readonly to: number }
  | { readonly kind: 'deal' }
  | { readonly kind: 'reserve'; readonly index: number; readonly to: number }
  | { readonly kind: 'foundation'; readonly from: number }
  | { readonly kind: 'unfoundation'; readonly foundation: number; readonly to: number };

export type MoveKind = Move['kind'];

/**
 * Why a move is illegal: a stable code the UI explains in words (see `describeReason`).
 */
export type IllegalReason =
  | 'bad-move'
  | 'game-over'
  | 'no-such-column'
  | 'no-such-card'
  | 'not-face-up'
  | 'same-column'
  | 'wrong-suit'
  | 'not-one-lower'
  | 'onto-ace'
  | 'empty-needs-king'
  | 'no-stock'
  | 'reserve-used'
  | 'no-reserve'
  | 'no-such-reserve-card'
  | 'no-foundations'
  | 'not-a-complete-run'
  | 'no-such-foundation'
  | 'column-not-empty';

/** What a legal move did, for animations, sounds and race progress. */
export type GameEvent =
  | { readonly type: 'turned'; readonly column: number; readonly card: Card }
  | { readonly type: 'dealt'; readonly cards: readonly Card[] }
  | { readonly type: 'run-completed'; readonly column: number }
  | { readonly type: 'to-foundation'; readonly column: number }
  | { readonly type: 'from-foundation'; readonly column: number }
  | { readonly type: 'won' }
  | { readonly type: 'lost' };
