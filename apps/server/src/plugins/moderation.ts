import { HOLD_SCORE } from '@scorpion/solver';
import fp from 'fastify-plugin';
import { heldSummary } from '../evidence/held-summary.ts';
import { EvidenceRunner, type EvidenceRunnerOptions } from '../evidence/runner.ts';
import { TabReports } from '../evidence/tab-hidden.ts';
import { ModerationService } from '../moderation/service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reports, the moderators' queue (reports, held games, appeals), marks and refunds. */
    moderation: ModerationService;
    /** Weighs finished ranked games for evidence of seeing the hidden cards, when a pool is given. */
    evidence: EvidenceRunner | undefined;
    /** What pages report of their tab while a ranked game is in play (evidence beside the moves). */
    tabs: TabReports;
  }
}

export type EvidenceOptions = Pick<EvidenceRunnerOptions, 'pool' | 'onHeld' | 'holdScore' | 'budgets'> & {
  readonly close?: () => Promise<void>;
};

/**
 * The moderators' queue and the evidence that fills it: a game its evidence holds goes to the
 * queue, and the moderators' decisions move it on or off the boards through its evidence row.
 */
export const moderationPlugin = fp<{ evidence?: EvidenceOptions | undefined }>(
  async (app, options) => {
    const { repos, now } = app;
    const moderation = new ModerationService(repos, now, {
      hold: async (gameId) => void (await repos.evidence.decide(gameId, 'held')),
      release: async (gameId) => void (await repos.evidence.decide(gameId, 'cleared')),
    });
    const given = options.evidence;
    const evidence =
      given &&
      new EvidenceRunner({
        ...given,
        repos,
        now,
        onHeld: async (game, weighed, running, tabHidden) => {
          const summary = heldSummary(weighed, given.holdScore ?? HOLD_SCORE, running, tabHidden);
          await moderation.enqueueHeld({ playerId: game.playerId, gameId: game.id, summary });
          await given.onHeld?.(game, weighed, running, tabHidden);
        },
        onError: (gameId, error) => app.log.error({ err: error, gameId }, 'game not weighed for evidence'),
      });
    app.decorate('moderation', moderation);
    app.decorate('evidence', evidence);
    app.decorate('tabs', new TabReports(repos, now));
    // Games a restart left queued are weighed once the app is ready (in a cluster, every process
    // weighs the queue: the same game weighed twice stores the same evidence).
    app.addHook('onReady', async () => evidence?.resume());
    app.addHook('onClose', async () => {
      // The pool first: a game being weighed stays queued for the next start.
      await given?.close?.();
      await evidence?.close();
    });
  },
  { name: 'moderation', dependencies: ['basics', 'storage'] },
);
