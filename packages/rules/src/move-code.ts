/*
 * `FastBoard`'s move encoding, for the hot loops that read its moves (the solver's): a move is
 * one integer, its kind in bits 0–2, then three 7-bit fields a, b, c:
 *   move: a = from, b = row, c = to · deal · reserve: a = index, c = to
 *   foundation: a = from · unfoundation: a = foundation, c = to
 * `FastBoard.encode` and `FastBoard.decode` turn a `Move` into its code and back.
 */
export const KIND_MOVE = 0;
export const KIND_DEAL = 1;
export const KIND_RESERVE = 2;
export const KIND_FOUNDATION = 3;
export const KIND_UNFOUNDATION = 4;

export function moveCode(kind: number, a: number, b: number, c: number): number {
  return kind | (a << 3) | (b << 10) | (c << 17);
}

export function codeKind(move: number): number {
  return move & 7;
}

/** `from` of a column move, `index` of a reserve move, `from` of a foundation move, `foundation` of an unfoundation. */
export function codeA(move: number): number {
  return (move >> 3) & 127;
}

/** `row` of a column move. */
export function codeB(move: number): number {
  return (move >> 10) & 127;
}

/** `to` of a column, reserve or unfoundation move. */
export function codeC(move: number): number {
  return (move >> 17) & 127;
}
