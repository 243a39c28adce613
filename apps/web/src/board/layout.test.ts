import { describe, expect, it } from 'vitest';
import { columnAt, isDrag } from './hit.ts';
import { boardMetrics, columnHeight, columnOffsets, fitBoard, LARGE_INDEX_STEP_PX } from './layout.ts';

describe('layout', () => {
  it('fits seven columns across a phone and caps the size on a desktop', () => {
    const phone = boardMetrics(374, 7, false);
    expect(phone.cardW * 7 + phone.gap * 6).toBeLessThanOrEqual(374);
    expect(boardMetrics(1280, 7, false).cardW).toBe(100);
    expect(boardMetrics(1280, 7, true).cardW).toBeGreaterThan(100);
  });

  it('keeps the natural overlap when the column fits', () => {
    const tops = columnOffsets(7, 3, 1000, 140);
    expect(tops[1]! - tops[0]!).toBeCloseTo(0.11 * 140, 0);
    expect(tops[6]! - tops[5]!).toBeCloseTo(0.27 * 140, 0);
  });

  it('squeezes a long column to fit the height', () => {
    const tops = columnOffsets(30, 5, 600, 100);
    expect(columnHeight(tops, 100)).toBeLessThanOrEqual(600.5);
  });

  it('never squeezes below a visible corner: the column grows instead', () => {
    const tops = columnOffsets(40, 0, 300, 100);
    expect(tops[1]!).toBeCloseTo(17, 0);
    expect(columnHeight(tops, 100)).toBeGreaterThan(300);
  });

  it('handles empty and single-card columns', () => {
    expect(columnOffsets(0, 0, 500, 100)).toEqual([]);
    expect(columnOffsets(1, 0, 500, 100)).toEqual([0]);
    expect(columnHeight([], 100)).toBe(100);
  });
});

describe('fitting the board', () => {
  const deal = Array.from({ length: 7 }, (_, i) => ({ length: 7, hidden: i < 4 ? 3 : 0 }));

  it('keeps full-size cards when the deal fits', () => {
    const fit = fitBoard(1200, 700, deal, { large: false, tray: true });
    expect(fit.metrics.cardW).toBe(100);
    expect(fit.height).toBeLessThanOrEqual(700);
  });

  it('shrinks the cards so that a very long column still fits the screen', () => {
    const long = [...deal.slice(0, 6), { length: 32, hidden: 0 }];
    const fit = fitBoard(1200, 540, long, { large: false, tray: true });
    expect(fit.metrics.cardW).toBeLessThan(100);
    expect(fit.height + fit.metrics.cardH * 0.8 + fit.metrics.gap * 1.5).toBeLessThanOrEqual(541);
  });

  it('gives large cards on a phone, which cannot grow wider, room for their larger corner index', () => {
    const normal = fitBoard(370, 700, deal, { large: false, tray: true });
    const large = fitBoard(370, 700, deal, { large: true, tray: true });
    expect(large.metrics).toEqual(normal.metrics);
    const faceUpStep = (fit: typeof large) => fit.tops[6]![6]! - fit.tops[6]![5]!;
    expect(faceUpStep(normal)).toBeLessThan(LARGE_INDEX_STEP_PX);
    expect(faceUpStep(large)).toBeGreaterThanOrEqual(LARGE_INDEX_STEP_PX);
    // On a desktop the cards themselves grow, and their natural overlap is already wider.
    const desktop = fitBoard(1200, 900, deal, { large: true, tray: true });
    expect(faceUpStep(desktop)).toBeCloseTo(0.27 * desktop.metrics.cardH, 0);
  });

  it('stops shrinking where ranks would become unreadable', () => {
    const huge = [{ length: 104, hidden: 0 }];
    expect(fitBoard(1200, 300, huge, { large: false, tray: false }).metrics.cardH).toBe(50);
  });
});

describe('drop targets', () => {
  const spans = [
    { left: 0, right: 50 },
    { left: 60, right: 110 },
    { left: 120, right: 170 },
  ];
  it('lands a drop in the gap on the nearer column', () => {
    expect(columnAt(25, spans)).toBe(0);
    expect(columnAt(54, spans)).toBe(0);
    expect(columnAt(57, spans)).toBe(1);
  });
  it('ignores drops far off the board', () => {
    expect(columnAt(190, spans)).toBe(2);
    expect(columnAt(260, spans)).toBe(-1);
  });
  it('tells a tap from a drag', () => {
    expect(isDrag(3, 3)).toBe(false);
    expect(isDrag(6, 0)).toBe(true);
  });
});
