/**
 * Cards are small integers so that the engine, the solver and the benchmarks can move them
 * around cheaply; two-character codes (`TH` = ten of hearts) are for people and JSON.
 *
 * A card's face is `suit * 13 + (rank - 1)` with suits in `CDHS` order and ranks Ace = 1 to
 * King = 13. Double Scorpion holds two of every face: the second copy is `face + 52`, so every
 * physical card still has its own number and "each card exactly once" stays checkable.
 */
export type Card = number;

/** A card whose face the holder of a player view may not see (face down, or still in the stock). */
export const UNKNOWN: Card = -1;

export const SUITS = 'CDHS';
export const RANKS = 'A23456789TJQK';
export const FACES = 52;

export type Suit = 'C' | 'D' | 'H' | 'S';

export function face(card: Card): number {
  return card % FACES;
}

/** Suit index 0..3 (C, D, H, S). */
export function suitOf(card: Card): number {
  return Math.floor((card % FACES) / 13);
}

/** Rank 1 (Ace) .. 13 (King). */
export function rankOf(card: Card): number {
  return ((card % FACES) % 13) + 1;
}

export function isKing(card: Card): boolean {
  return card >= 0 && rankOf(card) === 13;
}

export function cardCode(card: Card): string {
  if (card < 0) return '??';
  return `${RANKS[rankOf(card) - 1]}${SUITS[suitOf(card)]}`;
}

/** The face of a code such as `TH`, or `undefined` when it is not a card. Case-insensitive. */
export function parseFace(code: string): number | undefined {
  if (typeof code !== 'string' || code.length !== 2) return undefined;
  const rank = RANKS.indexOf(code[0]!.toUpperCase());
  const suit = SUITS.indexOf(code[1]!.toUpperCase());
  if (rank < 0 || suit < 0) return undefined;
  return suit * 13 + rank;
}

/** The unshuffled deck: for each copy, clubs, diamonds, hearts, spades, each Ace to King. */
export function orderedDeck(decks: number): Card[] {
  const deck: Card[] = [];
  for (let copy = 0; copy < decks; copy++) {
    for (let f = 0; f < FACES; f++) deck.push(copy * FACES + f);
  }
  return deck;
}

/**
 * Turns a deck of codes into cards, giving the n-th copy of a face the number `face + 52n`.
 * Returns an error string unless the codes are exactly `decks` full decks.
 */
export function parseDeck(codes: unknown, decks: number): Card[] | string {
  if (!Array.isArray(codes)) return 'deck must be an array of card codes';
  if (codes.length !== FACES * decks) {
    return `deck must hold ${FACES * decks} cards, not ${codes.length}`;
  }
  const seen = new Array<number>(FACES).fill(0);
  const cards: Card[] = [];
  for (const code of codes) {
    const f = typeof code === 'string' ? parseFace(code) : undefined;
    if (f === undefined) return `not a card code: ${JSON.stringify(code)}`;
    const copy = seen[f]!;
    if (copy >= decks) return `too many copies of ${cardCode(f)}`;
    seen[f] = copy + 1;
    cards.push(copy * FACES + f);
  }
  return cards;
}
