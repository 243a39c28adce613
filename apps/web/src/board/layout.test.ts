import { describe, expect, it } from 'vitest';
import { columnAt, isDrag } from './hit.ts';
import { boardMetrics, columnHeight, columnOffsets, fitBoard, indexStepPx } from './layout.ts';

describe('layout', () => {
  it('fits seven columns across a phone and caps the size on a desktop', () => {
    const phone = boardMetrics(374, 7, false);
    expect(phone.cardW * 7 + phone.gap * 6).toBeLessThanOrEqual(374);
    expect(boardMetrics(382, 10, false).cardW).toBeGreaterThanOrEqual(36);
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

  const faceUpStep = (fit: ReturnType<typeof fitBoard>, c = 6) => fit.tops[c]![6]! - fit.tops[c]![5]!;

  it('on a phone, lets the cards fill the width and opens the overlaps up to use the height', () => {
    const phone = fitBoard(382, 690, deal, { large: false, tray: true });
    expect(phone.metrics.cardW * 7 + phone.metrics.gap * 6).toBeGreaterThan(382 - 7);
    expect(faceUpStep(phone)).toBeGreaterThan(0.27 * phone.metrics.cardH);
    expect(phone.height + phone.metrics.cardH * 0.8 + phone.metrics.gap * 1.5).toBeLessThanOrEqual(690);
  });

  it('keeps ten phone columns legible: at least 36 px wide, a 14 px index, every corner showing', () => {
    const double = Array.from({ length: 10 }, (_, i) => ({ length: 10 + (i % 3), hidden: i < 5 ? 4 : 0 }));
    const fit = fitBoard(382, 690, double, { large: false, tray: false });
    expect(fit.metrics.cardW).toBeGreaterThanOrEqual(36);
    expect(fit.metrics.indexPx).toBeGreaterThanOrEqual(14);
    expect(faceUpStep(fit, 9)).toBeGreaterThanOrEqual(indexStepPx(fit.metrics));
    expect(fit.height).toBeLessThanOrEqual(690);
  });

  it('makes large cards larger on a phone too: taller, with a larger index', () => {
    const normal = fitBoard(382, 690, deal, { large: false, tray: true });
    const large = fitBoard(382, 690, deal, { large: true, tray: true });
    expect(large.metrics.cardW).toBe(normal.metrics.cardW);
    expect(large.metrics.cardH).toBeGreaterThan(normal.metrics.cardH);
    expect(large.metrics.indexPx).toBeGreaterThan(normal.metrics.indexPx);
    expect(faceUpStep(large)).toBeGreaterThanOrEqual(indexStepPx(large.metrics));
    // On a desktop the cards themselves grow, and their natural overlap already shows the index.
    const desktop = fitBoard(1200, 900, deal, { large: true, tray: true });
    expect(desktop.metrics.cardW).toBeGreaterThan(100);
    expect(faceUpStep(desktop)).toBeCloseTo(0.27 * desktop.metrics.cardH, 0);
  });

  it('squeezes large cards into a desktop window rather than letting the page scroll', () => {
    const fit = fitBoard(1100, 534, deal, { large: true, tray: true });
    expect(fit.metrics.cardW).toBeGreaterThan(100);
    expect(fit.height + fit.metrics.cardH * 0.8 + fit.metrics.gap * 1.5).toBeLessThanOrEqual(534);
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
