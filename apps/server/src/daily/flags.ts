import type { DailyFlag } from '../repo/types.ts';

/*
 * A ranked result is flagged, kept but off the board, when another identity opened the same
 * day's deal on the same device before the result ended: a spare identity that scouts the deal
 * in the same browser leaves exactly that trace, and two people rarely share one browser's
 * cookie. An address is not evidence: a family, a school, an office or a phone carrier puts
 * strangers behind one, so it never flags a result (the rule is `flag-verdict.ts`). Results
 * flagged for a shared address before that rule changed keep their reason, and read it here.
 */

/** What the owner of a flagged result reads beside it. */
export function flagMessage(flag: DailyFlag): string {
  const where = flag === 'device' ? 'this device' : 'your network address';
  return (
    `Kept off the board: another player opened today's deal from ${where} before this result was in. ` +
    'Players sharing a device should each keep to their own identity, or play on their own device.'
  );
}
