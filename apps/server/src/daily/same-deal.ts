import type { DailyDealRow, GameRow } from '../repo/types.ts';
import { DAILY_OPTIONS } from './deal.ts';

/**
 * Whether a game was dealt the day's deal as stored for its date: the same deck, card for card,
 * the same seed, variant and options. A game that replays cleanly from some other deck proves
 * nothing about the daily.
 */
export function isTheDaysDeal(
  game: Pick<GameRow, 'dailyDate' | 'variant' | 'seed' | 'options' | 'deck'>,
  deal: DailyDealRow,
): boolean {
  return (
    game.dailyDate === deal.date &&
    game.variant === deal.variant &&
    game.seed === deal.seed &&
    game.options.foundations === DAILY_OPTIONS.foundations &&
    game.options.open === DAILY_OPTIONS.open &&
    game.deck.length === deal.deck.length &&
    game.deck.every((card, i) => card === deal.deck[i])
  );
}
