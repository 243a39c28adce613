import fp from 'fastify-plugin';
import { DailyService } from '../daily/service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    daily: DailyService;
  }
}

/** The daily challenge; a day's open games close once it is over (swept every minute). */
export const dailyPlugin = fp(
  async (app) => {
    const daily = new DailyService(app.repos, app.games, app.deals, app.certifier, app.now);
    app.decorate('daily', daily);
    const sweep = setInterval(() => {
      // The database may be out of reach this minute: the next sweep closes them.
      daily.closePastDays().catch((error: unknown) => app.log.warn({ err: error }, 'past dailies not closed'));
    }, 60_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'daily', dependencies: ['basics', 'storage', 'deals', 'play'] },
);
