import type { Clock } from '../clock.ts';
import type { KeyedLock } from '../keyed-lock.ts';
import { RetryLater } from '../repo/unavailable.ts';
import { type Leases, OwnedElsewhere } from './leases.ts';
import type { Loaded, Room } from './room.ts';

/** What the claims need of the rooms in memory (`RoomMemory`). */
export interface ClaimedRooms {
  readonly lock: KeyedLock;
  /** The room if it is in memory here. */
  held(code: string): Room | undefined;
  /** The room in memory, loaded (and so claimed) on first use. */
  room(code: string): Promise<Room | undefined>;
  load(code: string, claim: boolean): Promise<Loaded | undefined>;
  replace(old: Room, loaded: Loaded | undefined): Promise<void>;
  /** Another process owns the room now: it leaves memory here. */
  lost(code: string): void;
  log(error: unknown, code: string, what: string): void;
}

/**
 * Cluster mode: which rooms this process owns, under leases in the database. It renews them,
 * claims again those whose renewals failed or lapsed (crediting the gap), takes over the running
 * races nobody owns, and confirms a room is still its own before a racer's action is stored.
 * Without leases (embedded) every room is this process's and each of these does nothing.
 */
export class RoomClaims {
  private ticking = false;
  /** Rooms being claimed again after an outage (`reclaimSoon`), each once at a time. */
  private readonly reclaiming = new Set<string>();
  private readonly rooms: ClaimedRooms;
  private readonly leases: Leases | undefined;
  private readonly now: Clock;

  constructor(rooms: ClaimedRooms, leases: Leases | undefined, now: Clock) {
    this.rooms = rooms;
    this.leases = leases;
    this.now = now;
  }

  /**
   * Cluster mode, every `RENEW_MS`: renews this process's leases, lets go of the rooms whose
   * lease another process has taken, and takes over the running races nobody holds.
   */
  async tickLeases(): Promise<{ lost: number; takenOver: number }> {
    const leases = this.leases;
    // A tick slower than the timer (a slow database) is not overlapped by the next one.
    if (!leases || this.ticking) return { lost: 0, takenOver: 0 };
    this.ticking = true;
    try {
      // Rooms whose renewal failed are claimed anew, so that the outage is credited, and so are
      // those whose lease lapsed or was taken. Claimed again, a room stays here.
      let lost = await this.reclaimStale();
      for (const code of await leases.renewAll()) if (!(await this.reclaim(code))) lost++;
      return { lost, takenOver: await this.takeOver() };
    } finally {
      this.ticking = false;
    }
  }

  /**
   * Claims a room held here again, under a new epoch, after its lease lapsed or its renewals
   * failed (the database out of reach, the process paused): the gap since its last renewal (or
   * last stored move) goes on the race's clocks, as at a takeover, and the room is loaded again
   * in its place, its players kept. Another process holding the room now wins: it is let go
   * here (`lost`). False when the room is no longer here.
   */
  private reclaim(code: string, ifStale = false): Promise<boolean> {
    return this.rooms.lock.run(code, async () => {
      const held = this.rooms.held(code);
      if (!held) {
        this.leases?.forget(code);
        return false;
      }
      // Claimed again already, by the renewal tick or the look for orphans, whichever came first.
      if (ifStale && !this.leases?.isStale(code)) return true;
      let loaded: Loaded | undefined;
      try {
        loaded = await this.rooms.load(code, true);
      } catch (error) {
        if (!(error instanceof OwnedElsewhere)) throw error;
        this.rooms.lost(code);
        return false;
      }
      await this.rooms.replace(held, loaded);
      return loaded !== undefined;
    });
  }

  /**
   * Claims again every room whose renewal failed (`reclaim`), on the renewal tick and on each
   * look for orphans (every `TAKEOVER_MS`), so that play resumes within that of the database's
   * return; the number let go to another process.
   */
  private async reclaimStale(): Promise<number> {
    let lost = 0;
    for (const code of this.leases?.staleRooms() ?? []) if (!(await this.reclaim(code, true))) lost++;
    return lost;
  }

  /** Starts claiming the room again now, for an action to find it done when sent again. */
  reclaimSoon(code: string): void {
    if (this.reclaiming.has(code)) return;
    this.reclaiming.add(code);
    this.reclaim(code, true)
      .catch((error: unknown) => this.rooms.log(error, code, 'room not claimed again'))
      .finally(() => this.reclaiming.delete(code));
  }

  /**
   * Cluster mode: loads (and so resumes) every room whose race runs with no live owner: its
   * owner died or stopped renewing. Another process may win a room first; that one is skipped.
   */
  async takeOver(): Promise<number> {
    const leases = this.leases;
    if (!leases) return 0;
    await this.reclaimStale();
    let taken = 0;
    for (const code of await leases.orphaned()) {
      if (this.rooms.held(code) !== undefined) continue;
      const loaded = await this.rooms.lock.run(code, () =>
        this.rooms.room(code).then(
          (room) => room !== undefined,
          (error: unknown) => {
            if (error instanceof OwnedElsewhere) return false;
            throw error;
          },
        ),
      );
      if (loaded) taken++;
    }
    return taken;
  }

  /**
   * Cluster mode, right before a racer's action is stored: this process must still own the room.
   * A lease with its margin left by this process's clock is enough; past it (the process was
   * paused, or its renewals stalled) the lease is renewed first. A process woken from a pause
   * longer than its lease (SIGSTOP, a stalled VM) reads what waited in its sockets before its
   * renewal tick runs: finding the room taken, it drops it and refuses the action, so it stores
   * no move beside the new owner's. Moves are not fenced in their (grouped) commit; this is
   * their guard (docs/operations.md, "Room owners"). Undefined when nothing is to be waited
   * for (embedded, or a lease held), so that the move path takes no extra turn for it.
   */
  confirmOwner(code: string): Promise<void> | undefined {
    const leases = this.leases;
    if (!leases || leases.holds(code, this.now())) return undefined;
    return this.renewOrDrop(leases, code);
  }

  /**
   * Past the margin: renewed, the action goes on. A lease taken by another process drops the
   * room here. One that lapsed, or renewals that failed (an outage nobody could play through),
   * must not be renewed as if nothing happened: the room is claimed again, crediting the gap, and
   * the action is refused meanwhile as one to send again (nothing of it stored).
   */
  private async renewOrDrop(leases: Leases, code: string): Promise<void> {
    if (!leases.isStale(code) && (await leases.renew(code))) return;
    const owner = await leases.elsewhere(code);
    if (owner !== undefined) {
      this.rooms.lost(code);
      throw new OwnedElsewhere(`room ${code}`, owner);
    }
    leases.lapsed(code);
    this.reclaimSoon(code);
    throw new RetryLater(`room ${code} is being claimed again after an outage`);
  }

  /** The process that owns the room if it is not this one (cluster mode; never when embedded). */
  async ownerElsewhere(code: string): Promise<string | undefined> {
    return this.rooms.held(code) !== undefined ? undefined : this.leases?.elsewhere(code);
  }
}
