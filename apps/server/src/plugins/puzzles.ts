import fp from 'fastify-plugin';
import type { Puzzle } from '../puzzles/catalogue.ts';
import { PuzzleService } from '../puzzles/service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    puzzles: PuzzleService;
  }
}

export interface PuzzlesPluginOptions {
  /** The shipped puzzles (`loadPuzzles`); none: every player is told there are none left. */
  readonly puzzles?: readonly Puzzle[];
  /** Draws a player's next puzzle among the nearest to their rating; tests pass a fixed one. */
  readonly random?: () => number;
}

/** Rated puzzles (issue #36): the shipped puzzles and the ratings that have moved, read at start. */
export const puzzlesPlugin = fp<PuzzlesPluginOptions>(
  async (app, options) => {
    const service = new PuzzleService(app.repos.puzzles, options.puzzles ?? [], app.now, options.random);
    await service.load();
    app.decorate('puzzles', service);
  },
  { name: 'puzzles', dependencies: ['basics', 'storage'] },
);
