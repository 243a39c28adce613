import { type GamePolicy, type Gate, NOWHERE, type Place } from '../games/policy.ts';
import type { GameRow } from '../repo/types.ts';
import { practiceIsPublic } from '../secrecy.ts';

/**
 * A game against a challenge's ghost: open at once, unranked, public once over (as practice:
 * its deal was public before it began, the challenge being to a public game). The challenges
 * hear its changes from the game service (`ChallengeService`), and stop its ghost at its end.
 */
export class ChallengePolicy implements GamePolicy {
  gate(): Gate {
    return 'open';
  }

  async isPublic(row: GameRow): Promise<boolean> {
    return practiceIsPublic(row.status);
  }

  async placeOf(): Promise<Place> {
    return NOWHERE;
  }

  async onEnd(): Promise<undefined> {
    return undefined;
  }
}
