import type { FlagReason } from '@scorpion/protocol';
import { formatDate } from '../lib/format.ts';
import { m } from '../paraglide/messages.js';

/**
 * The words of a ranked daily result kept off the board or held for review, a module of its own:
 * few players ever read them, so DailyResult.svelte fetches them only when such a result is
 * shown, and the daily's first visit carries none of them. The server's `message` is English for
 * API users; the app words the notice from the reason and the date.
 */

const FLAGGED: Record<FlagReason, () => string> = {
  device: m.daily_flagged_device,
  address: m.daily_flagged_address,
};

/** Why a ranked result is kept off the board, from the server's `reason`. */
export function flaggedText(reason: FlagReason): string {
  return FLAGGED[reason]();
}

/** What a result held for a moderator's review means, and what happens next. */
export function reviewText(date: string): string {
  return m.daily_under_review({ date: formatDate(new Date(`${date}T12:00:00Z`), { dateStyle: 'long' }) });
}
