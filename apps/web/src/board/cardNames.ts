import { type Card, rankOf, suitOf } from '@scorpion/rules';
import { m } from '../paraglide/messages.js';

/** The CSS class of each suit (not words a player reads: those are `SUIT_WORDS`). */
const SUIT_NAMES = ['clubs', 'diamonds', 'hearts', 'spades'];
const SUIT_WORDS = [m.board_suit_clubs, m.board_suit_diamonds, m.board_suit_hearts, m.board_suit_spades];

function rankName(rank: number): string {
  if (rank === 1) return m.board_rank_ace();
  if (rank === 11) return m.board_rank_jack();
  if (rank === 12) return m.board_rank_queen();
  return rank === 13 ? m.board_rank_king() : String(rank);
}
const SUIT_SYMBOLS = ['♣', '♦', '♥', '♠'];
const RANK_LABELS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

/** "Queen of hearts", "Herz-Dame", "Dame de cœur", "Reina de corazones". */
export function cardName(card: Card): string {
  return m.board_card_name({ rank: rankName(rankOf(card)), suit: SUIT_WORDS[suitOf(card)]!() });
}

export function suitSymbol(card: Card): string {
  return SUIT_SYMBOLS[suitOf(card)]!;
}

export function suitClass(card: Card): string {
  return SUIT_NAMES[suitOf(card)]!;
}

export function rankLabel(card: Card): string {
  return RANK_LABELS[rankOf(card) - 1]!;
}

/** What a face-up card shows in its corner: "Q♥". */
export function cardIndex(card: Card): string {
  return `${rankLabel(card)}${suitSymbol(card)}`;
}

/**
 * The accessible name of a face-up card begins with what it shows ("Q♥, Queen of hearts"), so
 * that a player using speech input can say what they see (WCAG 2.5.3, Label in Name); the words
 * after it are for a screen reader.
 */
export function faceName(card: Card): string {
  return `${cardIndex(card)}, ${cardName(card)}`;
}

/**
 * What a screen reader says for a card in a column: "Q♥, Queen of hearts, face up, column 3". A
 * face-down card of a public deal (`shown`) is drawn face up, so it is named the same way, and
 * still said to be face down.
 */
export function cardLabel(card: Card, faceUp: boolean, column: number, shown = faceUp): string {
  const where = column + 1;
  if (faceUp && card >= 0) return m.board_card_face_up({ card: faceName(card), column: where });
  return shown && card >= 0
    ? m.board_card_face_down_shown({ card: faceName(card), column: where })
    : m.board_card_face_down({ column: where });
}
