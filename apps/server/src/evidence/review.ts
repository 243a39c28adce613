import type { UnderReview } from '@scorpion/protocol';
import type { DailyResultRow, Repos } from '../repo/types.ts';

/**
 * What a player whose result the evidence holds is told, beside that result and on their own
 * profile. Plain and not an accusation: a check asked a person to look, and nothing is decided.
 */
export function reviewMessage(date: string): string {
  return (
    `Your daily result of ${date} is under review. An automatic check of the moves asks a moderator ` +
    'to look at some games, and this is one; nothing has been decided. Until then it is off the board ' +
    'and out of your counts and streak. If the moderator clears it, it goes back in its place and this ' +
    'note goes. Only you see this note.'
  );
}

/** The player's results under review, the latest day first, as they are told of them. */
export async function underReviewOf(
  repos: Pick<Repos, 'evidence'>,
  playerId: string,
): Promise<(DailyResultRow & UnderReview)[]> {
  const held = await repos.evidence.underReview(playerId);
  return held.map((result) => ({ ...result, message: reviewMessage(result.date) }));
}
