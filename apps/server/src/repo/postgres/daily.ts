import type { VariantId } from '@scorpion/rules';
import { eq } from 'drizzle-orm';
import type { PgDb } from '../../db/pg-open.ts';
import { dailyDeals } from '../../db/pg-schema.ts';
import type { Difficulty } from '../../deals/certify.ts';
import type { DailyDealRow, DailyRepo } from '../types.ts';

export function pgDaily(db: PgDb): DailyRepo {
  const get = async (date: string): Promise<DailyDealRow | undefined> => {
    const r = (await db.select().from(dailyDeals).where(eq(dailyDeals.date, date)))[0];
    if (!r) return undefined;
    const { difficultyStars, difficultyScore, ...rest } = r;
    const difficulty =
      difficultyStars === null || difficultyScore === null
        ? null
        : { stars: difficultyStars as Difficulty['stars'], score: difficultyScore };
    return { ...rest, variant: r.variant as VariantId, difficulty };
  };
  return {
    get,
    async put({ difficulty, ...row }) {
      await db
        .insert(dailyDeals)
        .values({ ...row, difficultyStars: difficulty?.stars ?? null, difficultyScore: difficulty?.score ?? null })
        .onConflictDoNothing();
      return (await get(row.date))!;
    },
  };
}
