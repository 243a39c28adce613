/** Which rooms each player hears (as a member or a racer), so presence and renames touch only theirs. */
export class RoomIndex<R> {
  private readonly byPlayer = new Map<string, Set<R>>();

  add(playerId: string, room: R): void {
    const set = this.byPlayer.get(playerId);
    if (set) set.add(room);
    else this.byPlayer.set(playerId, new Set([room]));
  }

  remove(playerId: string, room: R): void {
    const set = this.byPlayer.get(playerId);
    set?.delete(room);
    if (set?.size === 0) this.byPlayer.delete(playerId);
  }

  roomsOf(playerId: string): readonly R[] {
    return [...(this.byPlayer.get(playerId) ?? [])];
  }

  /** How many players are indexed (for tests: nobody stays after their rooms went). */
  get players(): number {
    return this.byPlayer.size;
  }
}
