// Type only: erased when drizzle-kit loads this file.
import type { VariantId } from '@scorpion/rules';
import type { Assessment } from '../../deals/certify.ts';
import { type Builders, type IndexColumns, type IndexKit, type Kit, required } from '../kit.ts';

/* Arenas, their players and deals: the columns and indexes both schemas build (`kit.ts`). */

/**
 * Arenas (issue #35, docs/arenas.md): a scheduled one is written when first needed (its id names
 * its slot, so every process writes the same row), a private one when it is made.
 */
export const arenasColumns = <B extends Builders>(k: Kit<B>) => ({
  id: k.text('id').primaryKey(),
  kind: required(k.text('kind').$type<'hourly' | 'daily' | 'weekly' | 'private'>()),
  name: k.text('name').notNull(),
  variant: required(k.text('variant').$type<VariantId>()),
  startsAt: k.ms('starts_at').notNull(),
  endsAt: k.ms('ends_at').notNull(),
  minutes: k.int('minutes').notNull(),
  createdBy: k.text('created_by'),
  createdAt: k.ms('created_at').notNull(),
  winnerId: k.text('winner_id'),
  /** When its final table was stored (the winner with it): once, whichever process ends it. */
  settledAt: k.ms('settled_at'),
});

export const arenasIndexes =
  <C extends I, I, X>(k: IndexKit<C, I, X>) =>
  (t: IndexColumns<typeof arenasColumns, C>) => [
    k.index('arenas_starts').on(t.startsAt),
    k.index('arenas_kind_ends').on(t.kind, t.endsAt),
  ];

/**
 * Who is in an arena: its players (`player`), and those who watched its boards without playing
 * (`spectator`), who have seen its deals and may not join it.
 */
export const arenaPlayersColumns = <B extends Builders>(k: Kit<B>) => ({
  arenaId: k.text('arena_id').notNull(),
  playerId: k.text('player_id').notNull(),
  role: required(k.text('role').$type<'player' | 'spectator'>()),
  joinedAt: k.ms('joined_at').notNull(),
});

export const arenaPlayersIndexes =
  <C extends I, I, X>(k: IndexKit<C, I, X>) =>
  (t: IndexColumns<typeof arenaPlayersColumns, C>) => [
    k.primaryKey({ columns: [t.arenaId, t.playerId] }),
    k.index('arena_players_player').on(t.playerId, t.joinedAt),
  ];

/**
 * An arena's certified deals: which candidate of deal N was proven winnable (the first writer
 * wins, for every process), never the cards; the seed is computed again from the secret.
 */
export const arenaDealsColumns = <B extends Builders>(k: Kit<B>) => ({
  arenaId: k.text('arena_id').notNull(),
  deal: k.int('deal').notNull(),
  candidate: k.int('candidate').notNull(),
  certificate: required(k.json('certificate').$type<Assessment>()),
  certifiedBy: k.text('certified_by').notNull(),
});

export const arenaDealsIndexes =
  <C extends I, I, X>(k: IndexKit<C, I, X>) =>
  (t: IndexColumns<typeof arenaDealsColumns, C>) => [k.primaryKey({ columns: [t.arenaId, t.deal] })];
