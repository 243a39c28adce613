import type { LiveGame } from '../games/live-game.ts';
import { type GamePolicy, type Gate, NOWHERE, type Place } from '../games/policy.ts';
import type { GameRow } from '../repo/types.ts';
import { practiceIsPublic } from '../secrecy.ts';

/**
 * A game against a challenge's ghost: open at once, unranked, public once over (as practice:
 * its deal was public before it began, the challenge being to a public game), and every change
 * told to the challenges, whose ghost stops when the game ends.
 */
export class ChallengePolicy implements GamePolicy {
  private readonly changedGame: (game: LiveGame) => void;

  constructor(changed: (game: LiveGame) => void) {
    this.changedGame = changed;
  }

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

  changed(game: LiveGame): void {
    this.changedGame(game);
  }
}
