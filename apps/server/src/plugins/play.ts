import fp from 'fastify-plugin';
import { ArenaPolicy } from '../arenas/policy.ts';
import { ChallengePolicy } from '../challenges/policy.ts';
import { DailyPolicy } from '../daily/policy.ts';
import { PracticeHints } from '../games/hints.ts';
import { PracticePolicy } from '../games/practice.ts';
import { GameService } from '../games/service.ts';
import { RacePolicy } from '../races/policy.ts';

declare module 'fastify' {
  interface FastifyInstance {
    games: GameService;
    /** Hints in practice games the server dealt, from its solver. */
    hints: PracticeHints;
  }
}

/** A game nobody touched for this long leaves memory (it stays in the database). */
const IDLE_GAME_MS = 30 * 60_000;

/** The games of every kind, each kind's policy, and the idle games leaving memory. */
export const playPlugin = fp(
  async (app) => {
    const { repos, now, nodeId, evidence } = app;
    const games = new GameService(
      repos.games,
      now,
      {
        practice: new PracticePolicy(repos.hints),
        daily: new DailyPolicy(repos),
        // In a cluster a race is played where its room is owned.
        race: new RacePolicy(repos.races, Boolean(nodeId)),
        challenge: new ChallengePolicy(),
        arena: new ArenaPolicy(repos.arenas),
      },
      evidence && ((row) => evidence.finished(row)),
    );
    app.decorate('games', games);
    const solver = app.solver;
    app.decorate(
      'hints',
      new PracticeHints({
        load: (id) => games.load(id),
        hints: repos.hints,
        solve: solver && ((state) => solver.hint(state)),
        now,
      }),
    );
    const sweep = setInterval(() => games.evictIdle(IDLE_GAME_MS), 60_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'play', dependencies: ['basics', 'storage', 'deals', 'moderation'] },
);
