/**
 * Card sizes and overlaps. Pure numbers so that they can be tested without a browser: the
 * Board measures its box and asks here where each card goes.
 */
export interface Metrics {
  readonly cardW: number;
  readonly cardH: number;
  readonly gap: number;
  /** The corner index's font size (rank and suit), in px. */
  readonly indexPx: number;
}

const RATIO = 1.4;
/**
 * Large cards on a screen too narrow for wider cards (a phone) grow taller instead: the same
 * column width, a longer face, a larger index.
 */
const LARGE_NARROW_RATIO = 1.6;
/** Below this width a card is held by the screen's width (a phone), not by the size cap. */
const NARROW_CARD_W = 72;
/** The least corner index on a narrow card: rank and suit stay legible on ten columns. */
const NARROW_INDEX_PX = { normal: 14, large: 17 };
/** On a desktop large cards keep at least this index (besides being wider). */
const LARGE_INDEX_PX = 16;

export function boardMetrics(width: number, columns: number, large: boolean): Metrics {
  // A phone gives every pixel to the cards: the gaps shrink to a hairline.
  const gap = width < 600 ? 2 : Math.round(Math.min(12, Math.max(3, width * 0.012)));
  const fit = (width - gap * (columns - 1)) / columns;
  const cardW = Math.max(24, Math.floor(Math.min(large ? 132 : 100, fit)));
  const narrow = cardW < NARROW_CARD_W;
  const cardH = Math.round(cardW * (narrow && large ? LARGE_NARROW_RATIO : RATIO));
  return { cardW, cardH, gap, indexPx: indexPx(cardW, cardH, narrow, large) };
}

function indexPx(cardW: number, cardH: number, narrow: boolean, large: boolean): number {
  const natural = cardH * 0.17;
  // A narrow card's index takes a third of its width (a "10" and a suit still fit), never less than the floor.
  if (narrow) {
    const floor = large ? NARROW_INDEX_PX.large : NARROW_INDEX_PX.normal;
    return Math.round(Math.max(floor, Math.min(cardW * 0.32, 20) + (large ? 3 : 0)));
  }
  return Math.round(Math.max(natural, large ? LARGE_INDEX_PX : 12));
}

/** How far each card sits below the one under it, as a share of the card's height. */
const STEP = { up: 0.27, down: 0.11 };
/** The least overlap that still shows a card's rank and suit corner. */
const MIN_STEP = { up: 0.17, down: 0.05 };
/** The tightest face-up step of large cards: their index step is about 0.19 of the height + 4 px. */
const LARGE_MIN_UP = 0.23;
/**
 * On a phone the overlaps open up to use the height: face-up steps up to this many times their
 * natural size (most of each card shows), face-down steps less (their backs say nothing).
 */
const MAX_GROWTH = 2.6;
const DOWN_GROWTH = 0.5;

/** The least face-up step, in px, that shows the whole corner index (its top offset and a margin). */
export function indexStepPx(m: Metrics): number {
  return Math.ceil(m.indexPx + m.cardH * 0.02 + 4);
}

/**
 * Top offsets for every card of a column so that the whole column fits in `height` when it can:
 * steps shrink evenly down to the smallest that still shows each card's corner, and beyond that
 * the column is allowed to grow (the page scrolls) rather than hide ranks. `growth` (≥ 1) opens
 * the natural steps up when there is room to spare.
 */
export function columnOffsets(
  length: number,
  hidden: number,
  height: number,
  cardH: number,
  minUpPx = 0,
  growth = 1,
): number[] {
  if (length === 0) return [];
  const downs = Math.min(hidden, length - 1);
  const ups = length - 1 - downs;
  const natural = (downs * STEP.down + ups * STEP.up) * growth;
  const room = Math.max(0, height / cardH - 1);
  const least = downs * MIN_STEP.down + ups * MIN_STEP.up;
  let scale = growth;
  if (natural > room) scale = natural > 0 ? (Math.max(least, room) / natural) * growth : growth;
  const tops: number[] = [0];
  for (let row = 1; row < length; row++) {
    const down = STEP.down * (scale > 1 ? 1 + (scale - 1) * DOWN_GROWTH : scale);
    const step = row - 1 < hidden ? down * cardH : Math.max(STEP.up * scale * cardH, minUpPx);
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
 * Double Scorpion). `available` counts from the board's top, tray included. On a phone, where
 * the width holds the cards small, the overlaps open up to use the height below.
 */
export function fitBoard(
  width: number,
  available: number,
  columns: readonly { readonly length: number; readonly hidden: number }[],
  options: { large: boolean; tray: boolean },
): Fit {
  const base = boardMetrics(width, columns.length, options.large);
  const narrow = base.cardW < NARROW_CARD_W;
  const trayExtra = options.tray ? base.gap * 1.5 : 0;
  const trayShare = options.tray ? TRAY : 0;
  const units = (c: { readonly length: number; readonly hidden: number }, step: typeof STEP) => {
    const downs = Math.min(c.hidden, Math.max(0, c.length - 1));
    const ups = Math.max(0, c.length - 1 - downs);
    return 1 + downs * step.down + ups * step.up;
  };
  // Large cards keep a larger index, so their tightest face-up step is wider (see indexStepPx).
  const least = options.large ? { ...MIN_STEP, up: LARGE_MIN_UP } : MIN_STEP;
  const tightest = Math.max(1, ...columns.map((c) => units(c, least)));
  let metrics = base;
  const fits = (cardH: number) => cardH * (tightest + trayShare) + trayExtra <= available;
  if (!narrow && !fits(base.cardH)) {
    const cardH = Math.max(MIN_CARD_H, Math.floor((available - trayExtra) / (tightest + trayShare)));
    if (cardH < base.cardH) {
      const cardW = Math.round(cardH / RATIO);
      metrics = { ...base, cardH, cardW, indexPx: indexPx(cardW, cardH, false, options.large) };
    }
  }
  // The columns squeeze into what is left (never below a readable corner, see columnOffsets).
  const room = Math.max(metrics.cardH, available - metrics.cardH * trayShare - trayExtra);
  const minUp = narrow || options.large ? indexStepPx(metrics) : 0;
  const longest = Math.max(1, ...columns.map((c) => units(c, STEP)));
  const growth = narrow ? Math.min(MAX_GROWTH, Math.max(1, (room / metrics.cardH - 1) / (longest - 1 || 1))) : 1;
  const tops = columns.map((c) => columnOffsets(c.length, c.hidden, room, metrics.cardH, minUp, growth));
  return { metrics, tops, height: Math.max(...tops.map((t) => columnHeight(t, metrics.cardH))) };
}
