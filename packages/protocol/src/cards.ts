import { z } from 'zod';

/** A card as people write it: rank `A23456789TJQK` then suit `CDHS` (`TH` = ten of hearts). */
export const CardCode = z.string().regex(/^[A23456789TJQK][CDHS]$/);
export type CardCode = z.infer<typeof CardCode>;

/** A card the recipient may not see (face down, or still in the stock) travels as `null`. */
export const MaybeCard = CardCode.nullable();
export type MaybeCard = z.infer<typeof MaybeCard>;
