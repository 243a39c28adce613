import fp from 'fastify-plugin';
import { compileZodSchemas } from '../plugins/api-docs.ts';
import { analysisRoutes } from './analysis.ts';
import { arenaRoutes } from './arenas.ts';
import { boardRoutes } from './boards.ts';
import { challengeRoutes } from './challenges.ts';
import { dailyRoutes } from './daily.ts';
import { deviceRoutes } from './devices.ts';
import { exportRoutes } from './exports.ts';
import { gameRoutes } from './games.ts';
import { moderationRoutes } from './moderation.ts';
import { passkeyRoutes } from './passkeys.ts';
import { playerRoutes } from './players.ts';
import { privacyRoutes } from './privacy.ts';
import { profileRoutes } from './profiles.ts';
import { puzzleRaceRoutes } from './puzzle-race.ts';
import { puzzleRushRoutes } from './puzzle-rush.ts';
import { puzzleRoutes } from './puzzles.ts';
import { roomRoutes } from './rooms.ts';
import { webRoutes } from './web.ts';

/** The REST API and the web app; each route reads the services it needs off the app. */
export const routesPlugin = fp<{ webDist: string; exportsDir?: string }>(
  async (app, { webDist, exportsDir }) => {
    // The routes' schemas are zod: compiled as api-docs compiles them, also on a bare app (a plugin's test).
    compileZodSchemas(app);
    await app.register(playerRoutes);
    await app.register(privacyRoutes);
    await app.register(deviceRoutes);
    await app.register(passkeyRoutes);
    await app.register(dailyRoutes);
    await app.register(boardRoutes);
    await app.register(roomRoutes);
    await app.register(profileRoutes);
    await app.register(moderationRoutes);
    await app.register(gameRoutes);
    await app.register(analysisRoutes);
    await app.register(puzzleRoutes);
    await app.register(puzzleRushRoutes);
    await app.register(puzzleRaceRoutes);
    await app.register(challengeRoutes);
    await app.register(arenaRoutes);
    await app.register(exportRoutes, { dir: exportsDir });
    await app.register(webRoutes, { webDist });
  },
  {
    name: 'routes',
    dependencies: [
      'basics',
      'http',
      'storage',
      'identity',
      'play',
      'challenges',
      'races',
      'arenas',
      'daily',
      'moderation',
      'puzzles',
    ],
  },
);
