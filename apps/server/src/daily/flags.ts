import type { DailyFlag } from '../repo/types.ts';

/*
 * A ranked result is flagged, kept but off the board, when another identity opened the same
 * day's deal from the same address or device before the result ended: spare identities that
 * scout the deal (before the attempt or beside it) leave exactly that trace. The rule is the
 * stores' `DailyRepo.sharedOpen`; here is what the owner is told.
 */

/** What the owner of a flagged result reads beside it. */
export function flagMessage(flag: DailyFlag): string {
  const where = flag === 'device' ? 'this device' : 'your network address';
  return (
    `Kept off the board: another player opened today's deal from ${where} before this result was in. ` +
    'Players sharing a device or a network (a family, a school) should each keep to their own identity.'
  );
}
