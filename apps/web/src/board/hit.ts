/**
 * Where a dragged card would land. Drop targets are generous: the whole height of the board,
 * and each column owns everything up to halfway to its neighbours, so a sloppy drop between
 * two columns still lands on the nearer one.
 */
export interface Span {
  readonly left: number;
  readonly right: number;
}

/** The column under `x`, or -1 when `x` is off the board by more than half a column. */
export function columnAt(x: number, spans: readonly Span[]): number {
  let best = -1;
  let bestDistance = Number.POSITIVE_INFINITY;
  spans.forEach((span, i) => {
    const distance = x < span.left ? span.left - x : x > span.right ? x - span.right : 0;
    if (distance < bestDistance) {
      best = i;
      bestDistance = distance;
    }
  });
  if (best < 0) return -1;
  const span = spans[best]!;
  return bestDistance <= (span.right - span.left) / 2 ? best : -1;
}

/** A press becomes a drag once the pointer has travelled this far; below it, it is a tap. */
export const DRAG_THRESHOLD = 6;

export function isDrag(dx: number, dy: number): boolean {
  return dx * dx + dy * dy >= DRAG_THRESHOLD * DRAG_THRESHOLD;
}
