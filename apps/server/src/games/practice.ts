import type { GameRow, HintsRepo } from '../repo/types.ts';
import { practiceIsPublic } from '../secrecy.ts';
import { type GamePolicy, type Gate, NOWHERE, type Place } from './policy.ts';

/** Practice: always open, public once over, nothing stored with the end, nobody to tell. */
export class PracticePolicy implements GamePolicy {
  private readonly hints: Pick<HintsRepo, 'count'>;

  constructor(hints: Pick<HintsRepo, 'count'>) {
    this.hints = hints;
  }

  gate(): Gate {
    return 'open';
  }

  async isPublic(row: GameRow): Promise<boolean> {
    return practiceIsPublic(row.status);
  }

  /** The hints it had, so that a page that comes back to it (a reload) counts on from there. */
  async placeOf(row: GameRow): Promise<Place> {
    return { ...NOWHERE, hints: await this.hints.count(row.id) };
  }

  async onEnd(): Promise<undefined> {
    return undefined;
  }
}
