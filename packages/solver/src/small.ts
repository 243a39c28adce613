import { FACES, type GameState, type Options, Sfc32, VARIANTS, type VariantId } from '@scorpion/rules';

/**
 * Small random positions for checking the solver against the reference search: `suits` whole
 * suits (two copies of each in Double Scorpion) shuffled into `columns` columns with a few
 * face-down cards (none with the `open` option, as a dealt game has), plus a 3-card stock or
 * 2-card open reserve where the variant has one.
 */
export function smallPosition(
  variant: VariantId,
  seed: string,
  shape: { suits: number; columns: number; options?: Partial<Options> },
): GameState {
  const rng = new Sfc32(seed);
  const decks = VARIANTS[variant].decks;
  const deck: number[] = [];
  for (let copy = 0; copy < decks; copy++) {
    for (let f = 0; f < 13 * shape.suits; f++) deck.push(copy * FACES + f);
  }
  for (let i = deck.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  const reserveKind = VARIANTS[variant].reserve;
  const spare = reserveKind === 'stock' ? 3 : reserveKind === 'open' ? 2 : 0;
  const rest = deck.splice(deck.length - spare, spare);
  const columns: number[][] = Array.from({ length: shape.columns }, () => []);
  deck.forEach((card, i) => {
    columns[i % shape.columns]!.push(card);
  });
  const hidden = columns.map((column) => (shape.options?.open ? 0 : Math.min(column.length - 1, rng.below(3))));
  return {
    variant,
    options: { foundations: false, open: false, ...shape.options },
    columns,
    hidden,
    stock: reserveKind === 'stock' ? rest : [],
    reserve: reserveKind === 'open' ? rest : [],
    foundations: [],
  };
}

/**
 * Positions near the end of a game, where safe builds and King-rooted runs matter: every suit
 * (both copies in Double Scorpion) starts as a finished King-to-Ace column, then `cuts` times a
 * random segment is lifted from a random column onto another, and a few bottom cards are turned
 * face down. No stock or reserve. Not every such position is winnable, which is the point.
 */
export function nearlySolved(
  variant: VariantId,
  seed: string,
  shape: { suits: number; columns: number; cuts: number },
): GameState {
  const rng = new Sfc32(seed);
  const decks = VARIANTS[variant].decks;
  const columns: number[][] = Array.from({ length: shape.columns }, () => []);
  let next = 0;
  for (let copy = 0; copy < decks; copy++) {
    for (let suit = 0; suit < shape.suits; suit++) {
      for (let rank = 12; rank >= 0; rank--) columns[next % shape.columns]!.push(copy * FACES + suit * 13 + rank);
      next++;
    }
  }
  for (let cut = 0; cut < shape.cuts; cut++) {
    const from = rng.below(shape.columns);
    const source = columns[from]!;
    if (source.length === 0) continue;
    const row = rng.below(source.length);
    const to = (from + 1 + rng.below(shape.columns - 1)) % shape.columns;
    columns[to]!.push(...source.splice(row));
  }
  const hidden = columns.map((column) => (column.length > 1 ? rng.below(Math.min(3, column.length)) : 0));
  return {
    variant,
    options: { foundations: false, open: false },
    columns,
    hidden,
    stock: [],
    reserve: [],
    foundations: [],
  };
}
