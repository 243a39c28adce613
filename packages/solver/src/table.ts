/*
 * The transposition table: the set of positions the current search has entered, keyed by 64-bit
 * hashes (two 32-bit halves) in one typed array of a fixed capacity chosen from a memory budget,
 * so memory is bounded whatever the deal.
 *
 * A position is entered when the search first plays into it and stays "on the path" until its
 * subtree is done. Reaching an entered position again is skipped: if it is on the path it is a
 * cycle, and if it is done it led to no win. Both are sound for a reachability search (every
 * position reachable from the root is still explored from its first visit). When a bucket is
 * full, the done entry with the least effort below it is replaced: forgetting a position only
 * costs searching it again. Positions on the path are never replaced, which keeps every path
 * simple and the search finite.
 *
 * Layout: buckets of 64 bytes (one cache line, so a probe costs one memory access) holding five
 * entries of three 32-bit words: key low half, key high half, and `stamp << 8 | effort`, where
 * the stamp is the search generation (older stamps are free slots, so clearing is instant).
 */
const WORDS = 16;
const ENTRIES = 5;
const ON_PATH = 255;
const STAMP_LIMIT = 1 << 23;

export const SKIP = -1;
/** The bucket is full of positions on the path: the caller may not search this one soundly. */
export const FULL = -2;

export class TranspositionTable {
  readonly megabytes: number;
  readonly capacity: number;
  private readonly buckets: number;
  private readonly words: Int32Array;
  private generation = 1;

  constructor(megabytes: number) {
    this.megabytes = megabytes;
    this.buckets = Math.max(1, Math.floor((megabytes * 1024 * 1024) / (WORDS * 4)));
    this.capacity = this.buckets * ENTRIES;
    this.words = new Int32Array(this.buckets * WORDS);
  }

  /** Forgets every position, in constant time. */
  clear(): void {
    this.generation++;
    if (this.generation >= STAMP_LIMIT) {
      this.words.fill(0);
      this.generation = 1;
    }
  }

  /**
   * Enters a position: returns its slot (to pass to `leave`), `SKIP` when it was already
   * entered, or `FULL` when no slot could take it.
   */
  enter(lo: number, hi: number): number {
    const words = this.words;
    const first = Math.floor(((hi >>> 0) * this.buckets) / 4294967296) * WORDS;
    const last = first + ENTRIES * 3;
    const stamp = this.generation << 8;
    let victim = FULL;
    let least = ON_PATH;
    for (let slot = first; slot < last; slot += 3) {
      const meta = words[slot + 2]!;
      if ((meta & ~255) !== stamp) {
        if (least >= 0) {
          victim = slot;
          least = -1;
        }
        continue;
      }
      if (words[slot] === lo && words[slot + 1] === hi) return SKIP;
      if ((meta & 255) < least) {
        victim = slot;
        least = meta & 255;
      }
    }
    if (victim >= 0) {
      words[victim] = lo;
      words[victim + 1] = hi;
      words[victim + 2] = stamp | ON_PATH;
    }
    return victim;
  }

  /** A word of the bucket `enter(·, hi)` looks in: reading it ahead brings the bucket into the cache. */
  bucketWord(hi: number): number {
    return this.words[Math.floor(((hi >>> 0) * this.buckets) / 4294967296) * WORDS]!;
  }

  /** Marks an entered position done, remembering how many nodes its subtree took. */
  leave(slot: number, nodes: number): void {
    const effort = nodes < 2 ? 1 : Math.min(ON_PATH - 1, 32 - Math.clz32(nodes));
    this.words[slot + 2] = (this.generation << 8) | effort;
  }
}
