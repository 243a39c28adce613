import { type Card, rankOf, suitOf } from '@scorpion/rules';

const RANK_NAMES = ['Ace', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'Jack', 'Queen', 'King'];
const SUIT_NAMES = ['clubs', 'diamonds', 'hearts', 'spades'];
const SUIT_SYMBOLS = ['♣', '♦', '♥', '♠'];
const RANK_LABELS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

/** "Queen of hearts" */
export function cardName(card: Card): string {
  return `${RANK_NAMES[rankOf(card) - 1]} of ${SUIT_NAMES[suitOf(card)]}`;
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
  const where = `column ${column + 1}`;
  if (faceUp && card >= 0) return `${faceName(card)}, face up, ${where}`;
  return shown && card >= 0 ? `${faceName(card)}, face down, ${where}` : `Face-down card, ${where}`;
}
