import type { GameRow } from '../repo/types.ts';
import { practiceIsPublic } from '../secrecy.ts';
import { type GamePolicy, type Gate, NOWHERE, type Place } from './policy.ts';

/** Practice: always open, public once over, nothing stored with the end, nobody to tell. */
export class PracticePolicy implements GamePolicy {
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
