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
 * Large cards on a screen too narrow for wider cards (a phone) get a larger corner index
 * instead (16px, see Card.svelte): each face-up card shows at least this many pixels of it.
 */
export const LARGE_INDEX_STEP_PX = 20;

/**
 * Top offsets for every card of a column so that the whole column fits in `height` when it can:
 * steps shrink evenly down to the smallest that still shows each card's corner, and beyond that
 * the column is allowed to grow (the page scrolls) rather than hide ranks.
 */
export function columnOffsets(length: number, hidden: number, height: number, cardH: number, minUpPx = 0): number[] {
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
    const step = row - 1 < hidden ? STEP.down * scale * cardH : Math.max(STEP.up * scale * cardH, minUpPx);
    tops.push(tops[row - 1]! + step);
  }
  return tops.map((top) => Math.round(top * 10) / 10);
}

/** The height a column of cards placed at `tops` takes. */
export function columnHeight(tops: readonly number[], cardH: number): number {
  return tops.length === 0 ? cardH : tops[tops.length - 1]! + cardH;
}

/** Below this card height the ranks stop being readable: the page scrolls instead. */
const MIN_CARD_H = 50;
/** The tray (stock, reserve, foundations) above the columns, as a share of a card's height. */
const TRAY = 0.8;

export interface Fit {
  readonly metrics: Metrics;
  /** Top offset of every card, per column. */
  readonly tops: readonly (readonly number[])[];
  readonly height: number;
}

/**
 * Sizes the cards for the box: as wide as the width allows, then smaller still when the longest
 * column could not fit `available` height even at the tightest overlap (long Scorpion piles,
 * Double Scorpion). `available` counts from the board's top, tray included.
 */
export function fitBoard(
  width: number,
  available: number,
  columns: readonly { readonly length: number; readonly hidden: number }[],
  options: { large: boolean; tray: boolean },
): Fit {
  const base = boardMetrics(width, columns.length, options.large);
  const trayExtra = options.tray ? base.gap * 1.5 : 0;
  const trayShare = options.tray ? TRAY : 0;
  const tightest = Math.max(
    1,
    ...columns.map((c) => {
      const downs = Math.min(c.hidden, Math.max(0, c.length - 1));
      const ups = Math.max(0, c.length - 1 - downs);
      return 1 + downs * MIN_STEP.down + ups * MIN_STEP.up;
    }),
  );
  let metrics = base;
  const fits = (cardH: number) => cardH * (tightest + trayShare) + trayExtra <= available;
  if (!fits(base.cardH)) {
    const cardH = Math.max(MIN_CARD_H, Math.floor((available - trayExtra) / (tightest + trayShare)));
    if (cardH < base.cardH) metrics = { ...base, cardH, cardW: Math.round(cardH / RATIO) };
  }
  const room = Math.max(metrics.cardH * 3, available - metrics.cardH * trayShare - trayExtra);
  const minUp = options.large ? LARGE_INDEX_STEP_PX : 0;
  const tops = columns.map((c) => columnOffsets(c.length, c.hidden, room, metrics.cardH, minUp));
  return { metrics, tops, height: Math.max(...tops.map((t) => columnHeight(t, metrics.cardH))) };
}
