import type { VariantId } from '@scorpion/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { dailyDeals } from '../../db/schema.ts';
import type { DailyDealRow, DailyRepo } from '../types.ts';

export function sqliteDaily(db: Db): DailyRepo {
  const get = (date: string): DailyDealRow | undefined => {
    const r = db.select().from(dailyDeals).where(eq(dailyDeals.date, date)).get();
    return r && { ...r, variant: r.variant as VariantId };
  };
  return {
    async get(date) {
      return get(date);
    },
    async put(row) {
      db.insert(dailyDeals).values(row).onConflictDoNothing().run();
      return get(row.date)!;
    },
  };
}
