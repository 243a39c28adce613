/**
 * Card sizes and overlaps. Pure numbers so that they can be tested without a browser: the
 * Board measures its box and asks here where each card goes.
 */
export interface Metrics {
  readonly cardW: number;
  readonly cardH: number;
  readonly gap: number;
}

const RATIO = 1.4;

export function boardMetrics(width: number, columns: number, large: boolean): Metrics {
  const gap = Math.round(Math.min(12, Math.max(3, width * 0.012)));
  const fit = (width - gap * (columns - 1)) / columns;
  const cardW = Math.max(24, Math.floor(Math.min(large ? 132 : 100, fit)));
  return { cardW, cardH: Math.round(cardW * RATIO), gap };
}

/** How far each card sits below the one under it, as a share of the card's height. */
const STEP = { up: 0.27, down: 0.11 };
/** The least overlap that still shows a card's rank and suit corner. */
const MIN_STEP = { up: 0.17, down: 0.05 };

/**
 * Top offsets for every card of a column so that the whole column fits in `height` when it can:
 * steps shrink evenly down to the smallest that still shows each card's corner, and beyond that
 * the column is allowed to grow (the page scrolls) rather than hide ranks.
 */
export function columnOffsets(length: number, hidden: number, height: number, cardH: number): number[] {
  if (length === 0) return [];
  const downs = Math.min(hidden, length - 1);
  const ups = length - 1 - downs;
  const natural = downs * STEP.down + ups * STEP.up;
  const room = Math.max(0, height / cardH - 1);
  const least = downs * MIN_STEP.down + ups * MIN_STEP.up;
  let scale = 1;
  if (natural > room) scale = natural > 0 ? Math.max(least, room) / natural : 1;
  const tops: number[] = [0];
  for (let row = 1; row < length; row++) {
    const step = row - 1 < hidden ? STEP.down : STEP.up;
    tops.push(tops[row - 1]! + step * scale * cardH);
  }
  return tops.map((top) => Math.round(top * 10) / 10);
}

/** The height a column of cards placed at `tops` takes. */
export function columnHeight(tops: readonly number[], cardH: number): number {
  return tops.length === 0 ? cardH : tops[tops.length - 1]! + cardH;
}
