import { FastBoard } from '@scorpion/rules';

/*
 * The solver reads `FastBoard`'s move codes with bit operations in its inner loop. The layout
 * (kind in bits 0–2, then three 7-bit fields) is checked against `FastBoard.encode` when this
 * module loads, so a change in the rules package fails loudly instead of silently.
 */
export const KIND_MOVE = FastBoard.encode({ kind: 'move', from: 0, row: 0, to: 0 });
export const KIND_DEAL = FastBoard.encode({ kind: 'deal' });
export const KIND_RESERVE = FastBoard.encode({ kind: 'reserve', index: 0, to: 0 });
export const KIND_FOUNDATION = FastBoard.encode({ kind: 'foundation', from: 0 });
export const KIND_UNFOUNDATION = FastBoard.encode({ kind: 'unfoundation', foundation: 0, to: 0 });

export function kindOf(move: number): number {
  return move & 7;
}

/** `from` of a column move, `index` of a reserve move, `from` of a foundation move, `foundation` of an unfoundation. */
export function fieldA(move: number): number {
  return (move >> 3) & 127;
}

/** `row` of a column move. */
export function fieldB(move: number): number {
  return (move >> 10) & 127;
}

/** `to` of a column, reserve or unfoundation move. */
export function fieldC(move: number): number {
  return (move >> 17) & 127;
}

const probe = FastBoard.encode({ kind: 'move', from: 5, row: 17, to: 9 });
const layoutHolds =
  [KIND_MOVE, KIND_DEAL, KIND_RESERVE, KIND_FOUNDATION, KIND_UNFOUNDATION].every(
    (k, i, all) => k < 8 && all.indexOf(k) === i,
  ) &&
  fieldA(probe) === 5 &&
  fieldB(probe) === 17 &&
  fieldC(probe) === 9 &&
  kindOf(probe) === KIND_MOVE;
if (!layoutHolds) throw new Error('FastBoard move codes changed: update packages/solver/src/codes.ts');
