import type { Clock } from '../clock.ts';
import type { Claim, Fence, OwnershipRepo } from '../repo/types.ts';

/** A lease lapses this long after its last renewal unless renewed (issue #14: about 5 s). */
export const LEASE_MS = 5000;
/** Renewed this often, so two missed renewals still leave it alive (issue #14: about 1.5 s). */
export const RENEW_MS = 1500;
/**
 * Rooms left without a live lease are looked for this often (cheaper than a renewal: one read),
 * so a race resumes within about this long of its owner's lease lapsing, and the pause credited
 * to its clocks stays within the lease and a second (issue #14).
 */
export const TAKEOVER_MS = 500;
/**
 * A lease with less than this left by this process's clock is not acted on: the process may have
 * been paused or cut off past its lease, and another may own the room already (`holds`).
 */
export const LEASE_MARGIN_MS = 1000;

export interface LeaseOptions {
  /** This process's id in the cluster (`NODE_ID`); the close code 4009 names it to clients. */
  readonly nodeId: string;
  readonly repo: OwnershipRepo;
  readonly now: Clock;
  readonly leaseMs?: number;
}

/**
 * A room command (or a race game's action) reached a process that does not own the room: the
 * client goes to `owner` ('' when not known here: the load balancer's hash of the room decides).
 */
export class OwnedElsewhere extends Error {
  readonly owner: string;
  constructor(what: string, owner: string) {
    super(`${what} is owned by ${owner || 'another process'}`);
    this.name = 'OwnedElsewhere';
    this.owner = owner;
  }
}

/**
 * The leases this process holds on rooms (cluster mode): the epoch each was claimed under, for
 * fencing the room's race-level writes. Renewing them is the hub's timer; a lease found taken
 * means the room has a new owner and must be dropped here.
 */
export class Leases {
  private readonly held = new Map<string, Fence>();
  /** When each lease held lapses by this process's clock: its claim's or last renewal's time plus the lease. */
  private readonly until = new Map<string, number>();
  /**
   * Rooms whose renewal failed (the database out of reach) and that have not been claimed again
   * since: nobody could play meanwhile, so the next tick claims them anew, crediting the gap,
   * rather than renewing as if nothing happened (`RaceHub.tickLeases`).
   */
  private readonly stale = new Set<string>();
  readonly nodeId: string;
  readonly leaseMs: number;
  private readonly o: LeaseOptions;

  constructor(o: LeaseOptions) {
    this.o = o;
    this.nodeId = o.nodeId;
    this.leaseMs = o.leaseMs ?? LEASE_MS;
  }

  async claim(code: string): Promise<Claim> {
    const at = this.o.now();
    const claim = await this.o.repo.claim(code, this.nodeId, at, this.leaseMs);
    if (claim.ok) {
      this.stale.delete(code);
      this.held.set(code, claim.fence);
      this.until.set(code, at + this.leaseMs);
    }
    return claim;
  }

  /**
   * Whether this process may act for the room without asking the database: it holds the lease
   * and, by its own clock, the lease has `LEASE_MARGIN_MS` left (`RoomClaims.confirmOwner`).
   */
  holds(code: string, now: number): boolean {
    const until = this.until.get(code);
    return !this.stale.has(code) && until !== undefined && now < until - LEASE_MARGIN_MS;
  }

  /** A renewal of the room failed since it was last claimed: it is to be claimed again. */
  isStale(code: string): boolean {
    return this.stale.has(code);
  }

  /** The room's lease lapsed with nobody else claiming it: it is to be claimed again too. */
  lapsed(code: string): void {
    if (this.held.has(code)) this.stale.add(code);
  }

  /** The rooms to claim again after an outage (`RaceHub.tickLeases`). */
  staleRooms(): string[] {
    return [...this.stale];
  }

  fenceOf(code: string): Fence | undefined {
    return this.held.get(code);
  }

  /** Renews one lease now; false when it is not held here or was taken meanwhile. */
  async renew(code: string): Promise<boolean> {
    const fence = this.held.get(code);
    if (!fence) return false;
    const at = this.o.now();
    if (!(await this.noting(this.o.repo.renew(fence, at, this.leaseMs), [code]))) return false;
    this.until.set(code, at + this.leaseMs);
    return true;
  }

  /** A write of the leases that fails leaves them stalled, to be claimed anew once it works. */
  private noting<T>(write: Promise<T>, codes: readonly string[]): Promise<T> {
    return write.catch((error: unknown) => {
      for (const code of codes) if (this.held.has(code)) this.stale.add(code);
      throw error;
    });
  }

  /**
   * Renews every lease held that still lives (a lapsed or stale one is claimed again instead), in one write (one by one, a process's hundreds of rooms were as many
   * commits each tick, and under load a pass outlasted the margin, so moves waited on renewals of
   * their own); returns the rooms not renewed: taken over meanwhile, or lapsed.
   */
  async renewAll(): Promise<string[]> {
    const fences = [...this.held.values()].filter((f) => !this.stale.has(f.code));
    if (fences.length === 0) return [];
    const at = this.o.now();
    const codes = fences.map((f) => f.code);
    const renewed = await this.noting(this.o.repo.renewMany(fences, at, this.leaseMs), codes);
    const lost: string[] = [];
    for (const fence of fences) {
      // Let go of (or claimed anew) while the write ran: not this renewal's to judge.
      if (this.held.get(fence.code) !== fence) continue;
      if (renewed.has(fence.code)) this.until.set(fence.code, at + this.leaseMs);
      else lost.push(fence.code);
    }
    return lost;
  }

  /** The room left memory here: its lease lapses now, so another process need not wait it out. */
  async release(code: string): Promise<void> {
    const fence = this.held.get(code);
    this.forget(code);
    if (fence) await this.o.repo.release(fence, this.o.now());
  }

  /** The room was taken over: forget the lease without touching the new owner's row. */
  forget(code: string): void {
    this.held.delete(code);
    this.until.delete(code);
    this.stale.delete(code);
  }

  /** The live owner of a room if it is another process ('' when nobody holds it). */
  async elsewhere(code: string): Promise<string | undefined> {
    const owner = await this.o.repo.ownerOf(code, this.o.now());
    return owner !== undefined && owner !== this.nodeId ? owner : undefined;
  }

  /** Rooms with a running race that nobody holds a live lease on. */
  orphaned(): Promise<string[]> {
    return this.o.repo.orphaned(this.o.now());
  }
}
