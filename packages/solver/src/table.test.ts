import { describe, expect, it } from 'vitest';
import { FULL, SKIP, TranspositionTable } from './table.ts';

describe('TranspositionTable', () => {
  it('enters a key once, and forgets everything on clear', () => {
    const table = new TranspositionTable(1);
    const slot = table.enter(17, 42);
    expect(slot).toBeGreaterThanOrEqual(0);
    expect(table.enter(17, 42)).toBe(SKIP);
    table.leave(slot, 10);
    expect(table.enter(17, 42)).toBe(SKIP);
    table.clear();
    expect(table.enter(17, 42)).toBeGreaterThanOrEqual(0);
  });

  it('has a fixed capacity from its memory budget', () => {
    expect(new TranspositionTable(1).capacity).toBe(((1024 * 1024) / 64) * 5);
  });

  it('replaces the cheapest finished entry of a full bucket, never one on the path', () => {
    const table = new TranspositionTable(64 / (1024 * 1024));
    const slots = [1, 2, 3, 4, 5].map((lo) => table.enter(lo, 0));
    expect(slots.every((s) => s >= 0)).toBe(true);
    expect(table.enter(6, 0)).toBe(FULL);
    table.leave(slots[0]!, 1_000);
    table.leave(slots[1]!, 3);
    expect(table.enter(6, 0)).toBe(slots[1]);
    expect(table.enter(1, 0)).toBe(SKIP);
    expect(table.enter(2, 0)).toBe(slots[0]);
    expect(table.enter(7, 0)).toBe(FULL);
  });
});
