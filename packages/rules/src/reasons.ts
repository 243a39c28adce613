import type { IllegalReason } from './moves.ts';

/** Each illegal-move reason in plain words, for the snap-back message and the CLI. */
export const REASON_TEXT: Readonly<Record<IllegalReason, string>> = {
  'bad-move': 'That is not a move.',
  'game-over': 'The game is over.',
  'no-such-column': 'There is no such column.',
  'no-such-card': 'There is no card there.',
  'not-face-up': 'Only face-up cards can move.',
  'same-column': 'The card is already in that column.',
  'wrong-suit': 'A card goes only on a card of its own suit.',
  'not-one-lower': 'A card goes only on the card one rank higher.',
  'onto-ace': 'Nothing goes on an Ace.',
  'empty-needs-king': 'Only a King can fill an empty column.',
  'no-stock': 'This game has no stock to deal.',
  'reserve-used': 'The stock has already been dealt.',
  'no-reserve': 'This game has no open reserve.',
  'no-such-reserve-card': 'There is no such reserve card.',
  'no-foundations': 'Foundations are off in this game.',
  'not-a-complete-run': 'Only a column holding one whole King-to-Ace run can go to the foundations.',
  'no-such-foundation': 'There is no such foundation run.',
  'column-not-empty': 'A run from the foundations goes back only onto an empty column.',
};

export function describeReason(reason: IllegalReason): string {
  return REASON_TEXT[reason];
}
