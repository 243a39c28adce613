import type { GameOptions } from '@scorpion/protocol';
import type { VariantId } from '@scorpion/rules';
import type { NewGame } from '../games/new-row.ts';
import type { DailyDealRow } from '../repo/types.ts';

export const DAILY_VARIANT: VariantId = 'scorpion';
export const DAILY_OPTIONS: GameOptions = { foundations: false, open: false };

/** A game of the day's deal for `playerId`: ranked for the first attempt only. */
export function dailyGame(playerId: string, deal: DailyDealRow, ranked: boolean): NewGame {
  return {
    playerId,
    kind: 'daily',
    variant: deal.variant,
    options: DAILY_OPTIONS,
    seed: deal.seed,
    playerSeed: false,
    deck: deal.deck,
    dailyDate: deal.date,
    ranked,
  };
}
