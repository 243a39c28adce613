/**
 * An arena's players in the table's order, kept as their results come rather than sorted again
 * for every push: the local copy each process keeps of the order Redis's sorted set holds
 * (docs/scaling.md). Ordered by `tableKey` (scoring.ts: fewer points is a larger key, then more
 * win time), then by id compared code unit by code unit, as `standings` orders; a change is a
 * binary search and a move within one array, a rank a binary search.
 */
export class OrderedTable {
  private readonly keys: number[] = [];
  private readonly ids: string[] = [];
  private readonly keyOf = new Map<string, number>();

  get size(): number {
    return this.ids.length;
  }

  /** The player's key now (a new player, or their sheet changed). */
  set(id: string, key: number): void {
    const old = this.keyOf.get(id);
    if (old === key) return;
    if (old !== undefined) {
      const i = this.at(old, id);
      this.keys.splice(i, 1);
      this.ids.splice(i, 1);
    }
    const i = this.at(key, id);
    this.keys.splice(i, 0, key);
    this.ids.splice(i, 0, id);
    this.keyOf.set(id, key);
  }

  /** One more than the players strictly ahead: players of equal keys share a rank (1, 2, 2, 4). */
  rankOf(id: string): number | undefined {
    const key = this.keyOf.get(id);
    return key === undefined ? undefined : this.at(key, '') + 1;
  }

  /** Every player in order, with their rank. */
  *ranked(): Iterable<{ readonly id: string; readonly rank: number }> {
    let rank = 0;
    for (const [i, id] of this.ids.entries()) {
      if (i === 0 || this.keys[i] !== this.keys[i - 1]) rank = i + 1;
      yield { id, rank };
    }
  }

  /** Where (key, id) is or would go: the first entry not before it. */
  private at(key: number, id: string): number {
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const k = this.keys[mid]!;
      if (k < key || (k === key && this.ids[mid]! < id)) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
