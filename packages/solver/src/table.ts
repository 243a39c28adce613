/*
 * The transposition table: the set of positions the current search has entered, keyed by 64-bit
 * hashes (two 32-bit halves) in typed arrays of a fixed capacity chosen from a memory budget, so
 * memory is bounded whatever the deal.
 *
 * A position is entered when the search first plays into it and stays "on the path" until its
 * subtree is done. Reaching an entered position again is skipped: if it is on the path it is a
 * cycle, and if it is done it led to no win. Both are sound for a reachability search (every
 * position reachable from the root is still explored from its first visit). When a bucket is
 * full, the done entry with the least effort below it is replaced: forgetting a position only
 * costs searching it again. Positions on the path are never replaced, which keeps every path
 * simple and the search finite.
 */
const BUCKET = 4;
/** Bytes per entry: two key halves, one effort byte, one 16-bit generation stamp. */
const ENTRY_BYTES = 11;
const ON_PATH = 255;

export const SKIP = -1;
/** The bucket is full of positions on the path: the caller may not search this one soundly. */
export const FULL = -2;

export class TranspositionTable {
  readonly capacity: number;
  private readonly buckets: number;
  private readonly keyLo: Int32Array;
  private readonly keyHi: Int32Array;
  private readonly effort: Uint8Array;
  private readonly stamp: Uint16Array;
  private generation = 1;

  constructor(readonly megabytes: number) {
    this.buckets = Math.max(1, Math.floor((megabytes * 1024 * 1024) / (ENTRY_BYTES * BUCKET)));
    this.capacity = this.buckets * BUCKET;
    this.keyLo = new Int32Array(this.capacity);
    this.keyHi = new Int32Array(this.capacity);
    this.effort = new Uint8Array(this.capacity);
    this.stamp = new Uint16Array(this.capacity);
  }

  /** Forgets every position, in constant time (entries of older generations count as free). */
  clear(): void {
    this.generation++;
    if (this.generation > 0xffff) {
      this.stamp.fill(0);
      this.generation = 1;
    }
  }

  /**
   * Enters a position: returns its slot (to pass to `leave`), `SKIP` when it was already
   * entered, or `FULL` when no slot could take it.
   */
  enter(lo: number, hi: number): number {
    const first = Math.floor(((hi >>> 0) * this.buckets) / 4294967296) * BUCKET;
    let victim = FULL;
    let least = ON_PATH;
    for (let slot = first; slot < first + BUCKET; slot++) {
      if (this.stamp[slot] !== this.generation) {
        if (least >= 0) {
          victim = slot;
          least = -1;
        }
        continue;
      }
      if (this.keyLo[slot] === lo && this.keyHi[slot] === hi) return SKIP;
      if (this.effort[slot]! < least) {
        victim = slot;
        least = this.effort[slot]!;
      }
    }
    if (victim >= 0) {
      this.keyLo[victim] = lo;
      this.keyHi[victim] = hi;
      this.effort[victim] = ON_PATH;
      this.stamp[victim] = this.generation;
    }
    return victim;
  }

  /** Marks an entered position done, remembering how many nodes its subtree took. */
  leave(slot: number, nodes: number): void {
    this.effort[slot] = Math.min(ON_PATH - 1, 1 + Math.floor(Math.log2(nodes + 1)));
  }
}
