/*
 * Who may rank a day's deal. A spare identity made today to scout the deal (deal the stock, turn
 * the hidden cards over, give up) must not also hold a ranked attempt at it: only an identity
 * that existed before the deal came out, or one a passkey stands behind, plays it ranked.
 */

/** Why a first attempt of the day is unranked. */
export type UnrankedReason = 'new-player';

export type Eligibility = { readonly eligible: true } | { readonly eligible: false; readonly reason: UnrankedReason };

const NEW_PLAYER = "New players' first daily is unranked: you signed up after today's deal came out.";

/** What a new player is told before they start. */
export const NEW_PLAYER_UNRANKED = `${NEW_PLAYER} You are ranked from tomorrow, or today if you add a passkey in Settings before you start.`;

/**
 * What they are told once their first attempt has started, and on its result: only a first
 * attempt is ranked, so a passkey added now ranks nothing today.
 */
export const NEW_PLAYER_STARTED = `${NEW_PLAYER} You are ranked from tomorrow's deal.`;

/** When `date`'s deal comes out: the start of its UTC day, the moment `DailyService` first deals it. */
export function dealReleasedAt(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

/** The rule itself: signed up before the deal came out (strictly), or backed by a passkey. */
export function rankedEligibility(createdAt: number, backed: boolean, releasedAt: number): Eligibility {
  return createdAt < releasedAt || backed ? { eligible: true } : { eligible: false, reason: 'new-player' };
}
