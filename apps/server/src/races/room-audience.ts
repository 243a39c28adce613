import type { LiveRace } from './live-race.ts';

/** How many visitors one room takes: its frames go to each, a tick's work grows with them. */
export const MAX_VISITORS = 200;

/**
 * Whoever hears what happens in a room: its members, its racers and its visitors (who follow the
 * room's races without a seat, `ws/visitor-socket.ts`: they hear it, nothing more).
 */
export class RoomAudience {
  private readonly visiting = new Set<string>();
  private kept:
    | { members: readonly string[]; length: number; race: LiveRace | undefined; audience: ReadonlySet<string> }
    | undefined;

  get visitors(): ReadonlySet<string> {
    return this.visiting;
  }

  /** A visitor hears the room from now on; false when it has `MAX_VISITORS` already. */
  addVisitor(id: string): boolean {
    if (this.visiting.size >= MAX_VISITORS) return false;
    this.visiting.add(id);
    this.kept = undefined;
    return true;
  }

  removeVisitor(id: string): void {
    if (this.visiting.delete(id)) this.kept = undefined;
  }

  /**
   * The room's members, its race's racers and the visitors. Kept while none changes: a race's
   * progress tick asks for it about twice a second, and built each time it was most of what a
   * tick allocated. `members` is only ever appended to or replaced, so its length and identity
   * and the race's say whether the set is still right (a visitor's coming or going forgets it).
   */
  of(members: readonly string[], race: LiveRace | undefined): ReadonlySet<string> {
    const kept = this.kept;
    if (kept?.members === members && kept.length === members.length && kept.race === race) return kept.audience;
    const audience = new Set([...members, ...(race?.racers() ?? []), ...this.visiting]);
    this.kept = { members, length: members.length, race, audience };
    return audience;
  }
}
