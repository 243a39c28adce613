import type { GameOptions, VariantId } from '@scorpion/protocol';

/**
 * The rating band, in shown rating points (a new player shows 1500, OpenSkill's sigma of a new
 * player shows as 500): at first an opponent may be 100 points away, a difference a provisional
 * rating cannot tell from none; it widens by 25 points a second of waiting, so that after 10 s
 * it is 350 (about two wins' worth of movement for a provisional rating) and after 30 s, when a
 * ghost is offered anyway, 850: by then nearly anyone who waits in the same queue is a match.
 */
export const BAND_START = 100;
export const BAND_PER_SECOND = 25;

/** How often the queue is looked at: everyone who came within one look may race together. */
export const MATCH_EVERY_MS = 2000;

/** Nobody waits longer than this without being offered a race against a recorded game. */
export const GHOST_OFFER_MS = 30_000;

/** A quick race is 2 players, or up to this many when several wait at once. */
export const MAX_QUICK_RACERS = 4;

/** One player waiting in one queue (a variant and option set). */
export interface QueueEntry {
  readonly playerId: string;
  /** This join's id: a second tab's join replaces the entry under a new one. */
  readonly entryId: string;
  readonly variant: VariantId;
  readonly options: GameOptions;
  /** The player's shown rating when they joined (1500 without one). */
  readonly rating: number;
  /** Server time the player joined. */
  readonly since: number;
  /** The device cookie of the player's socket ('' without one). */
  readonly device: string;
  /** The process holding the socket that joined: it tells the player how the wait goes. */
  readonly node: string;
}

/** Which queue an entry waits in: the variant and its options. */
export function queueOf(e: Pick<QueueEntry, 'variant' | 'options'>): string {
  return `${e.variant}:${e.options.foundations ? 'f' : '-'}${e.options.open ? 'o' : '-'}`;
}

/** How far an opponent's rating may be after waiting `waitMs`. */
export function bandAfter(waitMs: number): number {
  return BAND_START + Math.floor((BAND_PER_SECOND * Math.max(0, waitMs)) / 1000);
}

/**
 * Two entries may race: the same queue, ratings within the wider of their two bands (whoever
 * has waited longer takes a wider field), and never the same device: two identities in one
 * browser must not race, and rate, themselves. Two people behind one address (a household, a
 * school, a carrier's shared address) race each other like anyone (issue #32); farming rating
 * between one's own accounts is worth little, as rated games of a pair count less each time in a
 * day (`ratings/repeat.ts`).
 */
export function compatible(a: QueueEntry, b: QueueEntry, now: number): boolean {
  if (a.playerId === b.playerId || queueOf(a) !== queueOf(b)) return false;
  if (a.device !== '' && a.device === b.device) return false;
  const band = Math.max(bandAfter(now - a.since), bandAfter(now - b.since));
  return Math.abs(a.rating - b.rating) <= band;
}

/**
 * The races to make from everyone waiting: the longest-waiting player first, with up to three
 * others who are compatible with everyone already in the group, the closest ratings first. A
 * player nobody fits waits for the next look, with a wider band.
 */
export function formGroups(entries: readonly QueueEntry[], now: number): QueueEntry[][] {
  const waiting = [...entries].sort((a, b) => a.since - b.since || a.playerId.localeCompare(b.playerId));
  const taken = new Set<string>();
  const groups: QueueEntry[][] = [];
  for (const anchor of waiting) {
    if (taken.has(anchor.playerId)) continue;
    const group = [anchor];
    const others = waiting
      .filter((e) => !taken.has(e.playerId) && e !== anchor)
      .sort((a, b) => Math.abs(a.rating - anchor.rating) - Math.abs(b.rating - anchor.rating));
    for (const candidate of others) {
      if (group.length >= MAX_QUICK_RACERS) break;
      if (group.every((member) => compatible(member, candidate, now))) group.push(candidate);
    }
    if (group.length < 2) continue;
    for (const member of group) taken.add(member.playerId);
    groups.push(group);
  }
  return groups;
}
