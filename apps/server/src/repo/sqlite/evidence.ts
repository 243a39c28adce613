import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { gameEvidence } from '../../db/schema.ts';
import type { EvidenceRepo } from '../types.ts';

export function sqliteEvidence(db: Db): EvidenceRepo {
  return {
    async queue(gameId, playerId, at) {
      db.insert(gameEvidence)
        .values({ gameId, playerId, queuedAt: at, status: 'queued', held: 'no' })
        .onConflictDoNothing()
        .run();
    },
    async queued(limit) {
      return db
        .select()
        .from(gameEvidence)
        .where(eq(gameEvidence.status, 'queued'))
        .orderBy(asc(gameEvidence.queuedAt), asc(gameEvidence.gameId))
        .limit(limit)
        .all();
    },
    async weighed(gameId, { version, score, held, signals, at }) {
      db.update(gameEvidence)
        .set({ status: 'done', version, score, held: held ? 'held' : 'no', signals, weighedAt: at })
        .where(eq(gameEvidence.gameId, gameId))
        .run();
    },
    async failed(gameId, at) {
      db.update(gameEvidence).set({ status: 'failed', weighedAt: at }).where(eq(gameEvidence.gameId, gameId)).run();
    },
    async get(gameId) {
      return db.select().from(gameEvidence).where(eq(gameEvidence.gameId, gameId)).get();
    },
    async recentOf(playerId, limit) {
      return db
        .select()
        .from(gameEvidence)
        .where(and(eq(gameEvidence.playerId, playerId), eq(gameEvidence.status, 'done')))
        .orderBy(desc(gameEvidence.queuedAt), desc(gameEvidence.gameId))
        .limit(limit)
        .all();
    },
    async decide(gameId, decision) {
      const changed = db
        .update(gameEvidence)
        .set({ held: decision })
        .where(and(eq(gameEvidence.gameId, gameId), ne(gameEvidence.held, 'no')))
        .run();
      return changed.changes > 0;
    },
  };
}
