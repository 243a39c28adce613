import { createHmac } from 'node:crypto';
import { type Card, dealFromSeed, type Options, type VariantId } from '@scorpion/rules';
import { type Assessment, type Certifier, pickCertified } from '../deals/certify.ts';

/**
 * Every player of an arena plays the same deals in the same order: deal 1, deal 2, … Deal N's
 * candidates are seeded by an HMAC of the arena's id and N with the server's secret (the
 * daily's deal is made the same way, under another prefix), so the sequence exists nowhere,
 * neither stored nor sent, until a player reaches each deal; nobody can work out deal N + 1
 * without the secret, even knowing every deal before it.
 *
 * Certification is lazy: deal N is certified (the first candidate the solver proves
 * winnable, as for the daily) when the first player anywhere asks for it, and deal N + 1 is
 * started then too, so the leader does not wait at the next one. The solver works to a time
 * budget, so two processes could pick different candidates: the store keeps the first answer
 * for everyone (`ArenaDealStore.dealOnce`), as the daily's repository does for a day's deal.
 * What is stored is the candidate's number and its certificate, never the cards: the seed is
 * computed again from the secret wherever it is needed.
 */

/** Arenas deal every card as the variant has it: no options (docs/arenas.md). */
export const ARENA_OPTIONS: Options = { foundations: false, open: false };

/** The seed of candidate `candidate` for deal `deal` (from 1) of an arena: 32 hex digits. */
export function arenaSeed(secret: string, arenaId: string, deal: number, candidate: number): string {
  return createHmac('sha256', secret).update(`arena:${arenaId}:${deal}:${candidate}`).digest('hex').slice(0, 32);
}

/** What the store keeps of a deal once certified: enough to deal it again, given the secret. */
export interface CertifiedDeal {
  readonly candidate: number;
  readonly certificate: Assessment;
  /** The certifier's name, so we know later which deals were really proven. */
  readonly certifiedBy: string;
}

export interface ArenaDeal extends CertifiedDeal {
  readonly arenaId: string;
  readonly deal: number;
  readonly variant: VariantId;
  readonly seed: string;
  readonly deck: readonly Card[];
}

/**
 * Where the certified deals are kept, for every process: `dealOnce` returns what is stored
 * for (arena, deal), or stores what `make` gives when nothing is, the first writer winning.
 */
export interface ArenaDealStore {
  dealOnce(arenaId: string, deal: number, make: () => Promise<CertifiedDeal>): Promise<CertifiedDeal>;
}

/** The arena a deal belongs to, as far as its deals are concerned. */
export interface ArenaOfDeals {
  readonly id: string;
  readonly variant: VariantId;
}

/** Candidate `candidate` of deal `deal` of an arena: the HMAC's in production, a test's own deals in tests. */
export type ArenaCandidate = (
  variant: VariantId,
  arenaId: string,
  deal: number,
  candidate: number,
) => { readonly seed: string; readonly deck: readonly Card[] };

export class ArenaDeals {
  private readonly certifier: Certifier;
  private readonly store: ArenaDealStore;
  private readonly candidates: ArenaCandidate;
  /** One ask per process and deal; the store makes it one across every process. */
  private readonly asked = new Map<string, Promise<ArenaDeal>>();

  constructor(secret: string, certifier: Certifier, store: ArenaDealStore, candidates?: ArenaCandidate) {
    this.certifier = certifier;
    this.store = store;
    this.candidates =
      candidates ??
      ((variant, arenaId, deal, n) => {
        const seed = arenaSeed(secret, arenaId, deal, n);
        return { seed, deck: dealFromSeed(variant, seed) };
      });
  }

  /**
   * Deal `deal` of the arena, certified on the first ask; the next deal's certification starts
   * with it. Rejects when the certifier cannot answer (`CertifierUnavailable`), and the next
   * ask tries again.
   */
  deal(arena: ArenaOfDeals, deal: number): Promise<ArenaDeal> {
    if (!Number.isInteger(deal) || deal < 1) throw new RangeError(`no deal ${deal}: deals count from 1`);
    const asked = this.ask(arena, deal);
    // Made ready for whoever reaches it first; a failure here is met again by that ask.
    this.ask(arena, deal + 1).catch(() => {});
    return asked;
  }

  /** Drops what this process holds of an arena, once it has ended. */
  forget(arenaId: string): void {
    for (const key of this.asked.keys()) if (key.startsWith(`${arenaId}:`)) this.asked.delete(key);
  }

  private ask(arena: ArenaOfDeals, deal: number): Promise<ArenaDeal> {
    const key = `${arena.id}:${deal}`;
    let pending = this.asked.get(key);
    if (!pending) {
      pending = this.store
        .dealOnce(arena.id, deal, () => this.certify(arena, deal))
        .then((stored) => this.dealt(arena, deal, stored));
      this.asked.set(key, pending);
      // A failed ask is forgotten so the next one tries again; a dealt one is kept for the arena.
      pending.catch(() => this.asked.delete(key));
    }
    return pending;
  }

  private async certify(arena: ArenaOfDeals, deal: number): Promise<CertifiedDeal> {
    const picked = await pickCertified(this.certifier, arena.variant, ARENA_OPTIONS, (n) =>
      this.candidate(arena, deal, n),
    );
    return { candidate: picked.candidate, certificate: picked.certificate, certifiedBy: this.certifier.name };
  }

  private candidate(arena: ArenaOfDeals, deal: number, candidate: number) {
    return this.candidates(arena.variant, arena.id, deal, candidate);
  }

  /** The seed of a stored deal, for the arena's page once it has ended (and only then). */
  seedOf(arena: ArenaOfDeals, deal: number, candidate: number): string {
    return this.candidate(arena, deal, candidate).seed;
  }

  private dealt(arena: ArenaOfDeals, deal: number, stored: CertifiedDeal): ArenaDeal {
    return {
      arenaId: arena.id,
      deal,
      variant: arena.variant,
      ...stored,
      ...this.candidate(arena, deal, stored.candidate),
    };
  }
}
