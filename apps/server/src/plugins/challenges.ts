import fp from 'fastify-plugin';
import { ChallengeService } from '../challenges/service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** "Beat my time" links and the ghosts beside their games. */
    challenges: ChallengeService;
  }
}

/** "Beat my time": the challenges, whose ghosts follow every change of a challenge game (`games.onChanged`). */
export const challengesPlugin = fp(
  async (app) => {
    const challenges = new ChallengeService({ repos: app.repos, games: app.games, push: app.push, now: app.now });
    app.decorate('challenges', challenges);
    app.addHook('onClose', async () => challenges.stop());
  },
  { name: 'challenges', dependencies: ['basics', 'storage', 'realtime', 'play'] },
);
