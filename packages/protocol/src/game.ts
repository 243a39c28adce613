import { z } from 'zod';
import { CardCode, MaybeCard } from './cards.ts';

export const VariantId = z.enum([
  'scorpion',
  'scorpion-tail',
  'wasp',
  'scorpion-ii',
  'three-blind-mice',
  'double-scorpion',
]);
export type VariantId = z.infer<typeof VariantId>;

export const GameOptions = z.strictObject({ foundations: z.boolean(), open: z.boolean() });
export type GameOptions = z.infer<typeof GameOptions>;

/** A 128-bit deal seed: 32 lowercase hex digits. */
export const Seed = z.string().regex(/^[0-9a-f]{32}$/);

const index = z.int().min(0).max(200);

/** A move exactly as `packages/rules` takes it (0-based indices, `row` from the bottom). */
export const Move = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('move'),
    /** The column the cards leave (0-based). */
    from: index,
    /** The first card moved, as its index in `from` counted from the bottom (0): it and every card above it move. */
    row: index,
    /** The column the card or cards go to. */
    to: index,
  }),
  z.strictObject({ kind: z.literal('deal') }),
  z.strictObject({
    kind: z.literal('reserve'),
    /** Which open reserve card. */
    index,
    to: index,
  }),
  z.strictObject({ kind: z.literal('foundation'), from: index }),
  z.strictObject({
    kind: z.literal('unfoundation'),
    /** Which foundation run comes back. */
    foundation: index,
    to: index,
  }),
]);
export type Move = z.infer<typeof Move>;

/** What the server stores, one per `seq`: a move, an undo or a redo. */
export const GameAction = z.union([
  Move,
  z.strictObject({ kind: z.literal('undo') }),
  z.strictObject({ kind: z.literal('redo') }),
]);
export type GameAction = z.infer<typeof GameAction>;

/**
 * What a player may see of a game (the rules' `toPlayerView`, serialised): columns bottom to
 * top with face-down cards as `null`, the stock as a count, the open reserve and foundations.
 */
export const WireView = z.strictObject({
  variant: VariantId,
  options: GameOptions,
  columns: z.array(z.array(MaybeCard)),
  hidden: z.array(z.int().min(0)),
  stock: z.int().min(0),
  reserve: z.array(CardCode),
  foundations: z.array(z.array(CardCode)),
});
export type WireView = z.infer<typeof WireView>;

/** What a move did, for animations; a `turned` card is the one the move just turned face up. */
export const WireEvent = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('turned'),
    /** The column it happened in. */
    column: z.int(),
    /** The card turned face up. */
    card: CardCode,
  }),
  z.strictObject({
    type: z.literal('dealt'),
    /** The stock's cards in the order dealt: the i-th (from 0) onto column i mod 3. */
    cards: z.array(CardCode),
  }),
  z.strictObject({ type: z.literal('run-completed'), column: z.int() }),
  z.strictObject({ type: z.literal('to-foundation'), column: z.int() }),
  z.strictObject({ type: z.literal('from-foundation'), column: z.int() }),
  z.strictObject({ type: z.literal('won') }),
  z.strictObject({ type: z.literal('lost') }),
  z.strictObject({ type: z.literal('undo') }),
  z.strictObject({ type: z.literal('redo') }),
]);
export type WireEvent = z.infer<typeof WireEvent>;

/**
 * `challenge`: a game against a challenge link's ghost ("Beat my time"); unranked, public once over.
 * `arena`: a deal of an arena (docs/arenas.md); unranked, public once the arena has ended.
 */
export const GameKind = z.enum(['daily', 'practice', 'race', 'challenge', 'arena']);
export type GameKind = z.infer<typeof GameKind>;

/**
 * `playing` includes a position with no legal move (`lost` in the rules): undo may still save it.
 * A game ends only as `won`, `gave-up` or `timed-out` (race time limit, or the daily's day ended).
 */
export const GameStatus = z.enum(['playing', 'won', 'gave-up', 'timed-out']);
export type GameStatus = z.infer<typeof GameStatus>;

/** A finished game in the CLI's record format: the export format of every finished game. */
export const GameRecord = z.strictObject({
  variant: VariantId,
  options: GameOptions,
  /** The deal: every card, in the order the rules deal them. */
  deck: z.array(CardCode),
  moves: z.array(Move),
});
export type GameRecord = z.infer<typeof GameRecord>;

/** Everything a client needs to draw one game; after a move, an `ack` says what changed. */
export const GameSnapshot = z.strictObject({
  gameId: z.string(),
  /** What kind of game it is. */
  kind: GameKind,
  ranked: z.boolean(),
  /** Actions applied so far (moves, undos, redos): the `expect` of the next action. */
  seq: z.int().min(0),
  /** The board as the player sees it. */
  view: WireView,
  /** `playing`, or how the game ended. */
  status: GameStatus,
  /** True when the position has no legal move (the rules' `lost`); undo or give up. */
  stuck: z.boolean(),
  canUndo: z.boolean(),
  canRedo: z.boolean(),
  /** Every action counts, undo and redo included. */
  moves: z.int().min(0),
  undos: z.int().min(0),
  progress: z.int().min(0),
  faceDown: z.int().min(0),
  /** Server clock, downtime excluded. Negative during a race countdown. */
  elapsedMs: z.int(),
  serverTime: z.int(),
  /** For a daily: its UTC date and number; null for any other game. */
  daily: z
    .strictObject({
      /** The daily's UTC date. */
      date: z.string(),
      day: z.int(),
    })
    .nullable(),
  /** A race game's room; null for any other. */
  roomCode: z.string().nullable(),
  /** A race game's race; null for any other. */
  raceId: z.string().nullable(),
  /** An arena's deal: its arena, its number there (from 1), and whether it is played berserk (no undo then). */
  arena: z
    .strictObject({
      /** The arena. */
      arenaId: z.string(),
      /** The deal's number in the arena, from 1. */
      deal: z.int().min(1),
      /** Played berserk: no undo, no hint, 1 more point if won. */
      berserk: z.boolean(),
    })
    .nullable(),
  /** The hints the server has given in this game so far (practice; 0 in any other). A game with one is no challenge. */
  hints: z.int().min(0),
  /** Only for practice games with a seed the player chose, or once the game is public (see `record`). */
  seed: Seed.nullable(),
  /**
   * Only once the game is over and public: a practice game at its end, a race game when the race
   * is over, a daily game when its UTC day has ended (the deal is shared by everyone until then).
   */
  record: GameRecord.nullable(),
});
export type GameSnapshot = z.infer<typeof GameSnapshot>;

/**
 * Everything in a snapshot that an action changes, except the board: every `ack` carries it,
 * so a client can bring its snapshot up to date without the whole game (see `advanceSnapshot`).
 */
export const GameUpdate = GameSnapshot.pick({
  status: true,
  stuck: true,
  canUndo: true,
  canRedo: true,
  moves: true,
  undos: true,
  progress: true,
  faceDown: true,
  elapsedMs: true,
  serverTime: true,
});
export type GameUpdate = z.infer<typeof GameUpdate>;
