/**
 * Every variant is one table row on the same base game: how many decks, the column layout,
 * what kind of reserve there is, and what may fill an empty column. The engine reads these
 * fields and has no other per-variant branches.
 */
export type VariantId = 'scorpion' | 'scorpion-tail' | 'wasp' | 'scorpion-ii' | 'three-blind-mice' | 'double-scorpion';

/** `stock`: dealt once, face up, onto columns 1–3. `open`: face-up cards played one at a time. */
export type ReserveKind = 'stock' | 'open' | 'none';

export interface ColumnLayout {
  readonly cards: number;
  readonly facedown: number;
}

export interface Variant {
  readonly id: VariantId;
  readonly name: string;
  readonly decks: number;
  readonly columns: readonly ColumnLayout[];
  readonly reserve: ReserveKind;
  readonly reserveSize: number;
  /** `king`: only a King (with what is on it) fills an empty column; `any`: any group does. */
  readonly emptyColumn: 'king' | 'any';
  /** One plain-words sentence for the rules page. */
  readonly summary: string;
  /** The variant this one is only another name of: one quick-race queue serves both. */
  readonly sameAs?: VariantId;
}

function layout(...groups: [count: number, cards: number, facedown: number][]): ColumnLayout[] {
  return groups.flatMap(([count, cards, facedown]) => Array.from({ length: count }, () => ({ cards, facedown })));
}

const classic = layout([4, 7, 3], [3, 7, 0]);

export const VARIANTS: Readonly<Record<VariantId, Variant>> = {
  scorpion: {
    id: 'scorpion',
    name: 'Scorpion',
    decks: 1,
    columns: classic,
    reserve: 'stock',
    reserveSize: 3,
    emptyColumn: 'king',
    summary: 'Seven columns of seven, three face-down cards in the first four, a three-card stock.',
  },
  'scorpion-tail': {
    id: 'scorpion-tail',
    name: 'Scorpion Tail',
    decks: 1,
    columns: classic,
    reserve: 'stock',
    reserveSize: 3,
    emptyColumn: 'king',
    summary: 'The same game as Scorpion under another name.',
    sameAs: 'scorpion',
  },
  wasp: {
    id: 'wasp',
    name: 'Wasp',
    decks: 1,
    columns: classic,
    reserve: 'stock',
    reserveSize: 3,
    emptyColumn: 'any',
    summary: 'Scorpion, but any card (with what is on it) may fill an empty column.',
  },
  'scorpion-ii': {
    id: 'scorpion-ii',
    name: 'Scorpion II',
    decks: 1,
    columns: layout([3, 7, 3], [4, 7, 0]),
    reserve: 'stock',
    reserveSize: 3,
    emptyColumn: 'king',
    summary: 'Scorpion with face-down cards in only the first three columns.',
  },
  'three-blind-mice': {
    id: 'three-blind-mice',
    name: 'Three Blind Mice',
    decks: 1,
    columns: layout([7, 5, 0], [3, 5, 3]),
    reserve: 'open',
    reserveSize: 2,
    emptyColumn: 'king',
    summary: 'Ten columns of five, three face-down cards in the last three, two open reserve cards.',
  },
  'double-scorpion': {
    id: 'double-scorpion',
    name: 'Double Scorpion',
    decks: 2,
    columns: layout([4, 11, 5], [6, 10, 0]),
    reserve: 'none',
    reserveSize: 0,
    emptyColumn: 'king',
    summary: 'Two decks in ten columns, five face-down cards in the first four, no reserve.',
  },
};

export const VARIANT_IDS = Object.keys(VARIANTS) as VariantId[];

export function isVariantId(id: unknown): id is VariantId {
  return typeof id === 'string' && Object.hasOwn(VARIANTS, id);
}
