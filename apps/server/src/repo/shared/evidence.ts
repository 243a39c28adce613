import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Store } from '../store.ts';
import type { EvidenceRepo } from '../types.ts';
import { resultColumns } from './boards.ts';

export function sharedEvidence({ db, t }: Store): EvidenceRepo {
  const { dailyResults, gameEvidence, tabVisibility } = t;
  return {
    async queue(gameId, playerId, at) {
      await db
        .insert(gameEvidence)
        .values({ gameId, playerId, queuedAt: at, status: 'queued', held: 'no' })
        .onConflictDoNothing();
    },
    async queued(limit) {
      return db
        .select()
        .from(gameEvidence)
        .where(eq(gameEvidence.status, 'queued'))
        .orderBy(asc(gameEvidence.queuedAt), asc(gameEvidence.gameId))
        .limit(limit);
    },
    async weighed(gameId, { version, score, held, signals, at }) {
      await db
        .update(gameEvidence)
        .set({ status: 'done', version, score, held: held ? 'held' : 'no', signals, weighedAt: at })
        .where(eq(gameEvidence.gameId, gameId));
    },
    async failed(gameId, at) {
      await db.update(gameEvidence).set({ status: 'failed', weighedAt: at }).where(eq(gameEvidence.gameId, gameId));
    },
    async get(gameId) {
      return (await db.select().from(gameEvidence).where(eq(gameEvidence.gameId, gameId)))[0];
    },
    async recentOf(playerId, limit) {
      return db
        .select()
        .from(gameEvidence)
        .where(and(eq(gameEvidence.playerId, playerId), eq(gameEvidence.status, 'done')))
        .orderBy(desc(gameEvidence.queuedAt), desc(gameEvidence.gameId))
        .limit(limit);
    },
    async decide(gameId, decision) {
      const changed = await db
        .update(gameEvidence)
        .set({ held: decision })
        .where(and(eq(gameEvidence.gameId, gameId), ne(gameEvidence.held, 'no')))
        .returning({ gameId: gameEvidence.gameId });
      return changed.length > 0;
    },
    async underReview(playerId) {
      return db
        .select(resultColumns(t))
        .from(gameEvidence)
        .innerJoin(
          dailyResults,
          and(eq(dailyResults.playerId, gameEvidence.playerId), eq(dailyResults.gameId, gameEvidence.gameId)),
        )
        .where(and(eq(gameEvidence.playerId, playerId), eq(gameEvidence.held, 'held')))
        .orderBy(desc(dailyResults.date));
    },
    async tabVisibility(gameId, at, hidden) {
      await db.insert(tabVisibility).values({ gameId, at, hidden });
    },
    async tabVisibilityOf(gameId) {
      return db
        .select({ at: tabVisibility.at, hidden: tabVisibility.hidden })
        .from(tabVisibility)
        .where(eq(tabVisibility.gameId, gameId))
        .orderBy(asc(tabVisibility.at));
    },
  };
}
